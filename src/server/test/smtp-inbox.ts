import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './spawn-server';

/**
 * A real SMTP server on 127.0.0.1 (no TLS, no login) that hands every letter it
 * receives, parsed, to `onMail`: the app sends through it as through a shop's.
 */
export async function startSmtpInbox(onMail: (mail: ParsedMail) => void, port?: number) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => {
        onMail(mail);
        done();
      }, done);
    },
  });
  const listenOn = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  return {
    port: listenOn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The addresses a letter went to, as text. */
export function recipients(mail: ParsedMail): string {
  const to = mail.to;
  if (!to) return '';
  return (Array.isArray(to) ? to : [to]).map((address) => address.text).join(', ');
}
