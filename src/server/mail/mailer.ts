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
  const transport = nodemailer.createTransport(settings.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: settings.from, ...mail });
    },
    close: () => transport.close(),
  };
}
