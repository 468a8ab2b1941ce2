import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  sessionCookie,
  TEST_INVITE_CODE,
  TEST_PASSWORD,
  testConfig,
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

  it('makes the first account admin and every later one employee; /first-run says which is next', async () => {
    const firstRun = () =>
      ctx.app.inject({ method: 'GET', url: '/api/auth/first-run' }).then((r) => r.json());
    expect(await firstRun()).toEqual({ firstRun: true });
    const first = await register({
      displayName: 'Первый Админ',
      email: uniqueEmail('first'),
      password: TEST_PASSWORD,
      inviteCode: TEST_INVITE_CODE,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().user).toMatchObject({ role: 'admin', displayName: 'Первый Админ' });
    expect(first.json().user).not.toHaveProperty('passwordHash');

    expect(await firstRun()).toEqual({ firstRun: false });
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

  it('takes the invite code in any case, with spaces or dashes', async () => {
    // TEST_INVITE_CODE is 'test-invite-code'.
    for (const typed of ['TEST INVITE CODE', 'testinvitecode', ' Test–Invite–Code ']) {
      const response = await register({
        displayName: 'Кодов Константин',
        email: uniqueEmail('code'),
        password: TEST_PASSWORD,
        inviteCode: typed,
      });
      expect(response.statusCode, typed).toBe(201);
    }
    const wrong = await register({
      displayName: 'Кодов Константин',
      email: uniqueEmail('code'),
      password: TEST_PASSWORD,
      inviteCode: 'test invite cod',
    });
    expect(wrong.statusCode).toBe(400);
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
    expect(denied.json().error.message).toBe('Доступ отключён владельцем');
  });
});

const pauses: number[] = [];

describeEachDatabase(
  'sign-in limits (docs/decisions/009-sign-in-limits.md)',
  (ctx) => {
    const attempt = (email: string, pw: string, ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: pw },
        remoteAddress: ip,
      });

    it('correct sign-ins never count: a whole shop behind one address signs in every morning', async () => {
      const staff = await Promise.all([1, 2, 3].map(() => ctx.register()));
      for (let morning = 0; morning < 4; morning += 1) {
        for (const person of staff) {
          expect((await attempt(person.user.email, person.password, '10.9.0.1')).statusCode).toBe(200);
        }
      }
    });

    it('an attacker elsewhere cannot keep the owner out; the attacker meets the wall', async () => {
      pauses.length = 0;
      const { user, password } = await ctx.register();
      for (let i = 0; i < 3; i += 1) {
        expect((await attempt(user.email, 'wrong password', '10.0.1.1')).statusCode).toBe(401);
      }
      // The attacker's address is stopped for this e-mail, even with the right password…
      const limited = await attempt(user.email, password, '10.0.1.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.message).toBe('Слишком много попыток, попробуйте позже');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // …the owner, at the shop, is not.
      expect((await attempt(user.email, password, '10.0.1.200')).statusCode).toBe(200);
      expect(pauses).toEqual([]);

      // Spread over many addresses, guessing slows down for everyone trying this e-mail,
      // but the owner still gets in, after a pause of at most emailSlowdown.maxMs.
      for (let i = 2; i < 6; i += 1) {
        expect((await attempt(user.email, 'wrong password', `10.0.1.${i}`)).statusCode).toBe(401);
      }
      expect(pauses).toEqual([100, 200, 300]);
      expect((await attempt(user.email, password, '10.0.1.201')).statusCode).toBe(200);
      expect(pauses.at(-1)).toBe(400);
      for (let i = 6; i < 12; i += 1) await attempt(user.email, 'wrong password', `10.0.1.${i}`);
      expect((await attempt(user.email, password, '10.0.1.202')).statusCode).toBe(200);
      expect(pauses.at(-1)).toBe(500);

      // When the window has passed, the attacker's address may try again: nothing was locked.
      ctx.clock.advance(60_001);
      expect((await attempt(user.email, password, '10.0.1.1')).statusCode).toBe(200);
    });

    it('one address trying many e-mails is stopped; registrations per address are capped', async () => {
      for (let i = 0; i < 5; i += 1) await attempt(uniqueEmail(), 'whatever1', '10.0.2.1');
      expect((await attempt(uniqueEmail(), 'whatever1', '10.0.2.1')).statusCode).toBe(429);
      const register = () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { displayName: 'Спам', email: uniqueEmail(), password: 'x', inviteCode: 'wrong' },
          remoteAddress: '10.0.3.1',
        });
      for (let i = 0; i < 5; i += 1) expect((await register()).statusCode).toBe(400);
      expect((await register()).statusCode).toBe(429);
    });
  },
  {
    authLimits: {
      perIp: { limit: 5, windowMs: 60_000 },
      perEmail: { limit: 3, windowMs: 60_000 },
      emailSlowdown: { stepMs: 100, maxMs: 500 },
    },
    authSleep: async (ms) => {
      pauses.push(ms);
    },
  },
);

describeEachDatabase(
  'client addresses behind a proxy (TRUST_PROXY=127.0.0.1)',
  (ctx) => {
    const attempt = (remoteAddress: string, forwardedFor: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail(), password: 'wrong password' },
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });

    it('a client talking to the app directly cannot pick its address with X-Forwarded-For', async () => {
      for (let i = 0; i < 5; i += 1) {
        expect((await attempt('203.0.113.5', `198.51.100.${i}`)).statusCode).toBe(401);
      }
      expect((await attempt('203.0.113.5', '198.51.100.99')).statusCode).toBe(429);
    });

    it('through the proxy, the address it saw counts, not what the client wrote before it', async () => {
      for (let i = 0; i < 5; i += 1) {
        expect((await attempt('127.0.0.1', `10.66.0.${i}, 198.51.100.7`)).statusCode).toBe(401);
      }
      expect((await attempt('127.0.0.1', '10.66.0.99, 198.51.100.7')).statusCode).toBe(429);
      expect((await attempt('127.0.0.1', '198.51.100.8')).statusCode).toBe(401);
    });
  },
  {
    config: testConfig({ trustProxy: '127.0.0.1' }),
    authLimits: {
      perIp: { limit: 5, windowMs: 60_000 },
      perEmail: { limit: 3, windowMs: 60_000 },
      emailSlowdown: { stepMs: 0, maxMs: 0 },
    },
  },
);
