import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '../../domain/account-schemas';
import { recipients, startSmtpInbox } from '../test/smtp-inbox';
import { describeEachDatabase, testConfig, type SignedIn } from '../test/test-app';

// A real SMTP server, started here: the app sends through it as it would through the shop's.
const inbox: ParsedMail[] = [];
const smtp = await startSmtpInbox((mail) => inbox.push(mail));
const smtpPort = smtp.port;
afterAll(() => smtp.close());

const mailTo = (address: string) => inbox.filter((mail) => recipients(mail).includes(address));

describeEachDatabase(
  '«Забыли пароль?» by e-mail',
  (ctx) => {
    let admin: SignedIn;
    beforeAll(async () => {
      admin = await ctx.loginAs('admin');
    });

    const forgot = (email: string, ip = '10.0.0.1', host = 'localhost') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress: ip,
        headers: { host },
      });
    const linksOf = async (userId: number) =>
      (
        await ctx.database.db
          .selectFrom('password_resets')
          .select('id')
          .where('user_id', '=', userId)
          .execute()
      ).length;

    it('e-mails a one-time link that sets a new password; the answer is the same for an unknown address', async () => {
      const person = await ctx.register({ displayName: 'Почтова Полина' });
      const config = (await ctx.app.inject({ method: 'GET', url: '/api/config' })).json();
      expect(config.passwordByEmail).toBe(true);

      // A forged Host header changes nothing: the link goes to PUBLIC_URL.
      const known = await forgot(person.user.email.toUpperCase(), '10.0.0.1', 'evil.example');
      const unknown = await forgot('nobody.here@shop.example');
      expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
      expect(known.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      expect(unknown.json()).toEqual(known.json());

      await expect.poll(() => mailTo(person.user.email).length, { timeout: 5000 }).toBe(1);
      const mail = mailTo(person.user.email)[0]!;
      expect(mail.subject).toBe('Новый пароль — GL Задачи');
      expect(mail.from?.text).toContain('noreply@shop.example');
      expect(mail.text).toContain('Здравствуйте, Полина!');
      expect(mail.text).toContain('https://tasks.shop.example/reset-password#');
      expect(mail.text).not.toContain('evil.example');
      const token = /\/reset-password#([\w-]{43})/.exec(mail.text ?? '')?.[1];
      expect(token, mail.text).toBeDefined();

      // Asked again at once: no second link or letter (one per address per 2 minutes).
      await forgot(person.user.email);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await linksOf(person.user.id)).toBe(1);
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

    it('an e-mailed link never cancels the one an admin handed over', async () => {
      const person = await ctx.register({ displayName: 'Двуссылкин Денис' });
      const made = await ctx.app.inject({
        method: 'POST',
        url: `/api/employees/${person.user.id}/password-reset`,
        headers: { cookie: admin.cookie, 'x-requested-with': 'fetch' },
      });
      const adminToken = made.json().link.split('#')[1];
      await forgot(person.user.email, '10.0.0.2');
      await expect.poll(() => mailTo(person.user.email).length, { timeout: 5000 }).toBe(1);
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { token: adminToken, password: 'ссылка от админа 1' },
      });
      expect(reset.statusCode).toBe(204);
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
      mail: {
        smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
        from: 'GL Задачи <noreply@shop.example>',
        publicUrl: 'https://tasks.shop.example',
      },
      publicUrl: 'https://tasks.shop.example',
    }),
  },
);
