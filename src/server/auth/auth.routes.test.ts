import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  sessionCookie,
  TEST_INVITE_CODE,
  TEST_PASSWORD,
  uniqueEmail,
} from '../test/test-app';

describeEachDatabase('accounts API', (ctx) => {
  const register = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
  const login = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload });
  const me = (cookie?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie } : {} });
  const countUsers = async () =>
    Number(
      (
        await ctx.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('makes the first account admin and every later one employee', async () => {
    const first = await register({
      displayName: 'Первый Админ',
      email: uniqueEmail('first'),
      password: TEST_PASSWORD,
      inviteCode: TEST_INVITE_CODE,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().user).toMatchObject({ role: 'admin', displayName: 'Первый Админ' });
    expect(first.json().user).not.toHaveProperty('passwordHash');

    const second = await ctx.register();
    expect(second.user.role).toBe('employee');
  });

  it('refuses a wrong invite code and creates nothing', async () => {
    const before = await countUsers();
    const response = await register({
      displayName: 'Чужой',
      email: uniqueEmail(),
      password: TEST_PASSWORD,
      inviteCode: 'wrong-code',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Неверный код приглашения');
    expect(await countUsers()).toBe(before);
  });

  it('trims the e-mail and treats it case-insensitively', async () => {
    const email = uniqueEmail('Case.Test');
    const created = await register({
      displayName: 'Петров Пётр',
      email: `  ${email}  `,
      password: TEST_PASSWORD,
      inviteCode: TEST_INVITE_CODE,
    });
    expect(created.json().user.email).toBe(email);

    const duplicate = await register({
      displayName: 'Петров Второй',
      email: email.toUpperCase(),
      password: TEST_PASSWORD,
      inviteCode: TEST_INVITE_CODE,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('Сотрудник с таким e-mail уже зарегистрирован');

    const signIn = await login({ email: ` ${email.toUpperCase()} `, password: TEST_PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });

  it('requires a password of at least 8 characters', async () => {
    const response = await register({
      displayName: 'Короткий',
      email: uniqueEmail(),
      password: '1234567',
      inviteCode: TEST_INVITE_CODE,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Пароль должен быть не короче 8 символов');
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const { user } = await ctx.register();
    const unknown = await login({ email: uniqueEmail('nobody'), password: TEST_PASSWORD });
    const wrong = await login({ email: user.email, password: 'not the password' });
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe('Неверный e-mail или пароль');
    }
  });

  it('signs in with a new session each time and signs out on the server', async () => {
    const { user, password, cookie: registrationCookie } = await ctx.register();
    const first = await login({ email: user.email, password });
    const second = await login({ email: user.email, password });
    const cookieA = sessionCookie(first);
    const cookieB = sessionCookie(second);
    expect(new Set([registrationCookie, cookieA, cookieB]).size).toBe(3);
    expect((await me(cookieA)).json().user.id).toBe(user.id);

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: cookieA, 'x-requested-with': 'fetch' },
    });
    expect(logout.statusCode).toBe(204);
    // The old cookie is dead even if a browser kept it; the other device stays signed in.
    expect((await me(cookieA)).statusCode).toBe(401);
    expect((await me(cookieB)).statusCode).toBe(200);
  });

  it('ends a session after the idle time and after the absolute lifetime', async () => {
    const { cookie } = await ctx.register();
    ctx.clock.advance(6 * 86_400_000);
    expect((await me(cookie)).statusCode).toBe(200);
    ctx.clock.advance(6 * 86_400_000);
    expect((await me(cookie)).statusCode).toBe(200);
    ctx.clock.advance(8 * 86_400_000);
    expect((await me(cookie)).statusCode).toBe(401);

    const active = await ctx.register();
    for (let day = 0; day < 31; day += 3) {
      ctx.clock.advance(3 * 86_400_000);
      if (day < 27) expect((await me(active.cookie)).statusCode).toBe(200);
    }
    expect((await me(active.cookie)).statusCode).toBe(401);
  });

  it('answers 401 to /api/me without a session or with a forged one', async () => {
    expect((await me()).statusCode).toBe(401);
    const forged = await me('glz_session=forged-token');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.message).toBe('Требуется вход в систему');
  });

  it('answers malformed JSON and unknown fields with 400 in Russian', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('Некорректный JSON в запросе');

    const extra = await register({
      displayName: 'Хитрый',
      email: uniqueEmail(),
      password: TEST_PASSWORD,
      inviteCode: TEST_INVITE_CODE,
      role: 'admin',
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.message).toBe('Неизвестное поле: role');

    const wrongType = await login({ email: 42, password: TEST_PASSWORD });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toBe('Введите e-mail');

    const notObject = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().error.message).toMatch(/[а-я]/);
  });

  it('rejects cross-site and form-style state changes', async () => {
    const { cookie } = await ctx.register();
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'x-requested-with': 'fetch', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const foreignOrigin = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { displayName: 'Взлом', phone: '' },
    });
    expect(foreignOrigin.statusCode).toBe(403);
    const formPost = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    expect(formPost.statusCode).toBe(403);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('refuses sign-in to a disabled account', async () => {
    const admin = await ctx.loginAs('admin');
    const worker = await ctx.register();
    const disable = await ctx.app.inject({
      method: 'PUT',
      url: `/api/employees/${worker.user.id}/access`,
      headers: { cookie: admin.cookie },
      payload: { disabled: true },
    });
    expect(disable.statusCode).toBe(200);
    expect((await me(worker.cookie)).statusCode).toBe(401);
    const denied = await login({ email: worker.user.email, password: worker.password });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('Доступ отключён администратором');
  });
});

describeEachDatabase(
  'login rate limit',
  (ctx) => {
    it('answers 429 in Russian per e-mail and per IP, without locking the account', async () => {
      const { user, password } = await ctx.register();
      const attempt = (email: string, pw: string, ip = '10.0.0.1') =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: pw },
          remoteAddress: ip,
        });

      // Registering was the first attempt for this e-mail; two wrong passwords make three.
      for (let i = 0; i < 2; i += 1) {
        expect((await attempt(user.email, 'wrong password', `10.0.1.${i}`)).statusCode).toBe(401);
      }
      const limited = await attempt(user.email, password, '10.0.1.9');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.message).toBe('Слишком много попыток, попробуйте позже');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      // One IP trying many e-mails is limited too.
      for (let i = 0; i < 5; i += 1) await attempt(uniqueEmail(), 'whatever1', '10.0.2.1');
      expect((await attempt(uniqueEmail(), 'whatever1', '10.0.2.1')).statusCode).toBe(429);

      // When the window has passed, the right password works: nothing was locked.
      ctx.clock.advance(60_001);
      expect((await attempt(user.email, password, '10.0.1.9')).statusCode).toBe(200);
    });
  },
  {
    authLimits: {
      perIp: { limit: 5, windowMs: 60_000 },
      perEmail: { limit: 3, windowMs: 60_000 },
    },
  },
);
