import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '../../domain/account-schemas';
import { freePort } from '../test/spawn-server';
import { describeEachDatabase, testConfig } from '../test/test-app';

// A real SMTP server, started here: the app sends through it as it would through the shop's.
const inbox: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, done) {
    simpleParser(stream).then((mail) => {
      inbox.push(mail);
      done();
    }, done);
  },
});
const smtpPort = await freePort();
await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const mailTo = (address: string) =>
  inbox.filter((mail) => mail.to && JSON.stringify(mail.to).includes(address));

describeEachDatabase(
  '«Забыли пароль?» by e-mail',
  (ctx) => {
    const forgot = (email: string, ip = '10.0.0.1') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress: ip,
      });

    it('e-mails a one-time link that sets a new password; the answer is the same for an unknown address', async () => {
      const person = await ctx.register({ displayName: 'Почтова Полина' });
      const config = (await ctx.app.inject({ method: 'GET', url: '/api/config' })).json();
      expect(config.passwordByEmail).toBe(true);

      const known = await forgot(person.user.email.toUpperCase());
      const unknown = await forgot('nobody.here@shop.example');
      expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
      expect(known.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      expect(unknown.json()).toEqual(known.json());

      await expect.poll(() => mailTo(person.user.email).length, { timeout: 5000 }).toBe(1);
      const mail = mailTo(person.user.email)[0]!;
      expect(mail.subject).toBe('Новый пароль — GL Задачи');
      expect(mail.from?.text).toContain('noreply@shop.example');
      expect(mail.text).toContain('Здравствуйте, Почтова Полина!');
      const token = /\/reset-password#([\w-]{43})/.exec(mail.text ?? '')?.[1];
      expect(token, mail.text).toBeDefined();

      // Asked again at once: no second letter (one per address per 2 minutes).
      await forgot(person.user.email);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailTo(person.user.email)).toHaveLength(1);
      expect(mailTo('nobody.here@shop.example')).toHaveLength(0);

      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { token, password: 'письмо пришло 2026' },
      });
      expect(reset.statusCode).toBe(204);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: person.user.email, password: 'письмо пришло 2026' },
      });
      expect(login.statusCode).toBe(200);
    });

    it('a malformed address is a 400; many requests from one address are slowed down', async () => {
      expect((await forgot('not an e-mail')).statusCode).toBe(400);
      const answers: number[] = [];
      for (let i = 0; i < 40; i++)
        answers.push((await forgot(`someone${i}@shop.example`, '10.9.9.9')).statusCode);
      expect(answers).toContain(429);
    });
  },
  {
    config: testConfig({
      mail: { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'GL Задачи <noreply@shop.example>' },
    }),
  },
);
