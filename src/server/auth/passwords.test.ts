import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, TEST_PASSWORD, type SignedIn } from '../test/test-app';
import { COMMON_PASSWORD_MESSAGE, EMAIL_IN_PASSWORD_MESSAGE } from './password-policy';
import { NO_MAIL_MESSAGE } from './passwords.routes';
import { RESET_FOR_DISABLED_MESSAGE } from './reset-links';
import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  SAME_PASSWORD_MESSAGE,
} from './passwords.service';

const HOUR_MS = 3_600_000;

describeEachDatabase('passwords: change, one-time links, what is refused', (ctx) => {
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedIn | null, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...(who ? { cookie: who.cookie } : {}), 'x-requested-with': 'fetch' },
      ...(payload ? { payload } : {}),
    });
  const signedIn = async (who: SignedIn) => (await call('GET', '/api/me', who)).statusCode === 200;
  const login = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const failure = (response: { statusCode: number; json: () => { error: { message: string } } }) => [
    response.statusCode,
    response.json().error.message,
  ];

  it('registration refuses a common password or one with the e-mail’s name', async () => {
    const attempt = (email: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { displayName: 'Новиков Н.', email, password, inviteCode: 'test-invite-code' },
      });
    expect(failure(await attempt('novikov.1@shop.example', 'qwerty123'))).toEqual([
      400,
      COMMON_PASSWORD_MESSAGE,
    ]);
    expect(failure(await attempt('novikov.2@shop.example', 'novikov.2-2026'))).toEqual([
      400,
      EMAIL_IN_PASSWORD_MESSAGE,
    ]);
  });

  it('changing one’s own password needs the current one; other sessions end, this one stays', async () => {
    const me = await ctx.register({ displayName: 'Сменщикова Софья' });
    const phone = await ctx.signIn(me.user.email);
    const change = (currentPassword: string, newPassword: string) =>
      call('PUT', '/api/me/password', me, { currentPassword, newPassword });

    expect(failure(await change('not my password', 'a brand new phrase'))).toEqual([
      400,
      CURRENT_PASSWORD_WRONG_MESSAGE,
    ]);
    expect(failure(await change(TEST_PASSWORD, TEST_PASSWORD))).toEqual([400, SAME_PASSWORD_MESSAGE]);
    expect(failure(await change(TEST_PASSWORD, 'password1'))).toEqual([400, COMMON_PASSWORD_MESSAGE]);
    expect((await change(TEST_PASSWORD, 'short')).statusCode).toBe(400);
    expect(await signedIn(phone)).toBe(true);

    expect((await change(TEST_PASSWORD, 'a brand new phrase')).statusCode).toBe(204);
    expect(await signedIn(me)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect((await login(me.user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(me.user.email, 'a brand new phrase')).statusCode).toBe(200);
  });

  it('an admin’s one-time link sets a new password once, within 24 hours, and ends every session', async () => {
    const worker = await ctx.register({ displayName: 'Забывчивый Захар' });
    expect((await call('POST', `/api/employees/${worker.user.id}/password-reset`, worker)).statusCode).toBe(
      403,
    );

    const made = await call('POST', `/api/employees/${worker.user.id}/password-reset`, admin);
    expect(made.statusCode).toBe(200);
    const { link, expiresAt } = made.json<{ link: string; expiresAt: string }>();
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/reset-password#[\w-]{43}$/);
    expect(Date.parse(expiresAt) - ctx.clock.now().getTime()).toBe(24 * HOUR_MS);
    const token = link.split('#')[1]!;
    const reset = (password: string, t = token) =>
      call('POST', '/api/auth/password-reset', null, { token: t, password });

    // A refused password does not use the link up.
    expect(failure(await reset('12345678'))).toEqual([400, COMMON_PASSWORD_MESSAGE]);
    expect((await reset('a fresh start 2026')).statusCode).toBe(204);
    expect(await signedIn(worker)).toBe(false);
    expect((await login(worker.user.email, 'a fresh start 2026')).statusCode).toBe(200);
    expect(failure(await reset('another fresh start'))).toEqual([400, RESET_LINK_INVALID_MESSAGE]);
    expect(failure(await reset('another fresh start', 'made-up-token'))).toEqual([
      400,
      RESET_LINK_INVALID_MESSAGE,
    ]);

    // A newer link replaces an older unused one; a link expires after 24 hours.
    const older = (await call('POST', `/api/employees/${worker.user.id}/password-reset`, admin)).json().link;
    const newer = (await call('POST', `/api/employees/${worker.user.id}/password-reset`, admin)).json().link;
    expect(failure(await reset('older link phrase', older.split('#')[1]))).toEqual([
      400,
      RESET_LINK_INVALID_MESSAGE,
    ]);
    ctx.clock.advance(24 * HOUR_MS + 1000);
    expect(failure(await reset('too late phrase', newer.split('#')[1]))).toEqual([
      400,
      RESET_LINK_INVALID_MESSAGE,
    ]);
    admin = await ctx.signIn(admin.user.email);
  });

  it('a switched-off account gets no link, and its earlier links die', async () => {
    const leaver = await ctx.register({ displayName: 'Уходящий Устин' });
    const link = (await call('POST', `/api/employees/${leaver.user.id}/password-reset`, admin)).json().link;
    const off = await call('PUT', `/api/employees/${leaver.user.id}/access`, admin, { disabled: true });
    expect(off.statusCode).toBe(200);
    const refused = await call('POST', `/api/employees/${leaver.user.id}/password-reset`, admin);
    expect(failure(refused)).toEqual([409, RESET_FOR_DISABLED_MESSAGE]);
    await call('PUT', `/api/employees/${leaver.user.id}/access`, admin, { disabled: false });
    const late = await call('POST', '/api/auth/password-reset', null, {
      token: link.split('#')[1],
      password: 'back door phrase',
    });
    expect(failure(late)).toEqual([400, RESET_LINK_INVALID_MESSAGE]);
  });

  it('guessing the current password from an open session is limited like sign-ins', async () => {
    const me = await ctx.register({ displayName: 'Угадайкин Устин' });
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const attempt = await call('PUT', '/api/me/password', me, {
        currentPassword: `guess number ${i}`,
        newPassword: 'a brand new phrase',
      });
      codes.push(attempt.statusCode);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  it('without SMTP, «Забыли пароль?» sends people to an admin', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).json().passwordByEmail).toBe(false);
    const asked = await call('POST', '/api/auth/forgot-password', null, { email: admin.user.email });
    expect(failure(asked)).toEqual([409, NO_MAIL_MESSAGE]);
  });

  it('a link used twice at the same moment works once', async () => {
    const worker = await ctx.register({ displayName: 'Дважды Дмитрий' });
    const link = (await call('POST', `/api/employees/${worker.user.id}/password-reset`, admin)).json().link;
    const token = link.split('#')[1];
    const answers = await Promise.all(
      ['first racing phrase', 'second racing phrase'].map((password) =>
        call('POST', '/api/auth/password-reset', null, { token, password }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 400]);
  });
});
