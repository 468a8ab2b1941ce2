import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Sends plain-text mail through the shop's SMTP server (SMTP_URL, from MAIL_FROM). */
export function createMailer(settings: { smtpUrl: string; from: string }): Mailer {
  // Bounded waits: a client message's job holds its lease for two minutes (notice-dispatcher.ts),
  // and a letter still out when it runs out would be sent again by another instance.
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: settings.from, ...mail });
    },
    close: () => transport.close(),
  };
}
