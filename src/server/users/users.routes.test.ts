import { expect, it } from 'vitest';
import { deleteSessionsOfUser } from '../auth/sessions.repository';
import { createInviteCodeService } from '../settings/invite-code';
import { describeEachDatabase, TEST_INVITE_CODE, testConfig } from '../test/test-app';
import { createUsersService, LAST_ADMIN_MESSAGE } from './users.service';

describeEachDatabase('employees API', (ctx) => {
  const call = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

  it('lists staff for admins only', async () => {
    const admin = await ctx.loginAs('admin');
    const worker = await ctx.loginAs('employee');
    const list = await call('GET', '/api/employees', admin.cookie);
    expect(list.statusCode).toBe(200);
    const emails = list.json().users.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining([admin.user.email, worker.user.email]));

    const denied = await call('GET', '/api/employees', worker.cookie);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('Доступно только владельцу');
  });

  it('answers 403 to an employee on every admin endpoint, own role included', async () => {
    const admin = await ctx.loginAs('admin');
    const worker = await ctx.loginAs('employee');
    const attempts = [
      call('GET', '/api/employees', worker.cookie),
      call('PUT', `/api/employees/${worker.user.id}/role`, worker.cookie, { role: 'admin' }),
      call('PUT', `/api/employees/${admin.user.id}/role`, worker.cookie, { role: 'employee' }),
      call('PUT', `/api/employees/${admin.user.id}/access`, worker.cookie, { disabled: true }),
      call('GET', '/api/settings/invite-code', worker.cookie),
      call('PUT', '/api/settings/invite-code', worker.cookie, { code: 'new-code-123' }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(403);
    expect((await me(worker.cookie)).json().user.role).toBe('employee');
    expect((await me(admin.cookie)).json().user.role).toBe('admin');
  });

  it('answers 401 to signed-out requests', async () => {
    for (const url of ['/api/employees', '/api/settings/invite-code']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('promotes and demotes; a role change ends that user’s sessions', async () => {
    const admin = await ctx.loginAs('admin');
    const worker = await ctx.register();
    const promoted = await call('PUT', `/api/employees/${worker.user.id}/role`, admin.cookie, {
      role: 'admin',
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().user.role).toBe('admin');
    expect((await me(worker.cookie)).statusCode).toBe(401);

    const demoted = await call('PUT', `/api/employees/${worker.user.id}/role`, admin.cookie, {
      role: 'employee',
    });
    expect(demoted.json().user.role).toBe('employee');
  });

  it('never lets an admin change their own role', async () => {
    const admin = await ctx.loginAs('admin');
    const response = await call('PUT', `/api/employees/${admin.user.id}/role`, admin.cookie, {
      role: 'employee',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('Нельзя изменить собственную роль');
  });

  it('disables and re-enables an account', async () => {
    const admin = await ctx.loginAs('admin');
    const worker = await ctx.register();
    const off = await call('PUT', `/api/employees/${worker.user.id}/access`, admin.cookie, {
      disabled: true,
    });
    expect(off.json().user.disabled).toBe(true);
    expect((await me(worker.cookie)).statusCode).toBe(401);
    const sessionsLeft = await ctx.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', worker.user.id)
      .execute();
    expect(sessionsLeft).toHaveLength(0);

    const on = await call('PUT', `/api/employees/${worker.user.id}/access`, admin.cookie, {
      disabled: false,
    });
    expect(on.json().user.disabled).toBe(false);
    const back = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: worker.user.email, password: worker.password },
    });
    expect(back.statusCode).toBe(200);
  });

  it('answers 404 for an unknown employee and 400 for a bad role', async () => {
    const admin = await ctx.loginAs('admin');
    const missing = await call('PUT', '/api/employees/999999/role', admin.cookie, { role: 'admin' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Сотрудник не найден');
    const notNumber = await call('PUT', '/api/employees/abc/role', admin.cookie, { role: 'admin' });
    expect(notNumber.statusCode).toBe(404);
    const worker = await ctx.register();
    const badRole = await call('PUT', `/api/employees/${worker.user.id}/role`, admin.cookie, {
      role: 'boss',
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().error.message).toBe('Неизвестная роль');
  });

  it('lets every user edit their own name and phone', async () => {
    const worker = await ctx.register();
    const response = await call('PUT', '/api/me/profile', worker.cookie, {
      displayName: '  Сидоров Семён ',
      phone: '+7 912 000-00-00',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ displayName: 'Сидоров Семён', phone: '+7 912 000-00-00' });
    const empty = await call('PUT', '/api/me/profile', worker.cookie, { displayName: ' ', phone: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Введите ФИО');
  });
});

describeEachDatabase('last active admin', (ctx) => {
  const setRole = (cookie: string, id: number, role: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/employees/${id}/role`,
      headers: { cookie },
      payload: { role },
    });

  it('lets exactly one of two admins win when they demote each other at once', async () => {
    const first = await ctx.loginAs('admin');
    const second = await ctx.register();
    await setRole(first.cookie, second.user.id, 'admin');
    const secondAgain = await ctx.signIn(second.user.email);

    const results = await Promise.all([
      setRole(first.cookie, second.user.id, 'employee'),
      setRole(secondAgain.cookie, first.user.id, 'employee'),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect(codes[1]).toBeGreaterThanOrEqual(401);
    const admins = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
  });

  it('refuses to demote or disable the last active admin from the command line', async () => {
    const users = createUsersService({
      database: ctx.database,
      clock: ctx.clock,
      endSessionsOf: deleteSessionsOfUser,
    });
    const admins = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
    const onlyAdmin = admins[0]!.id;
    await expect(users.changeRole(null, onlyAdmin, 'employee')).rejects.toThrow(LAST_ADMIN_MESSAGE);
    await expect(users.setDisabled(null, onlyAdmin, true)).rejects.toThrow(LAST_ADMIN_MESSAGE);

    const worker = await ctx.register();
    await users.changeRole(null, worker.user.id, 'admin');
    await expect(users.changeRole(null, onlyAdmin, 'employee')).resolves.toMatchObject({ role: 'employee' });
  });

  it('never lets an admin demote or disable themselves', async () => {
    const admin = await ctx.loginAs('admin');
    const demote = await setRole(admin.cookie, admin.user.id, 'employee');
    expect(demote.statusCode).toBe(403);
    expect(demote.json().error.message).toBe('Нельзя изменить собственную роль');
    const disable = await ctx.app.inject({
      method: 'PUT',
      url: `/api/employees/${admin.user.id}/access`,
      headers: { cookie: admin.cookie },
      payload: { disabled: true },
    });
    expect(disable.statusCode).toBe(403);
    expect(disable.json().error.message).toBe('Нельзя отключить собственную учётную запись');
  });
});

describeEachDatabase(
  'invite code settings',
  (ctx) => {
    it('shows and changes the stored code; registration follows it', async () => {
      const generated = await createInviteCodeService(ctx.database.db, undefined).get();
      expect(generated.code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
      const admin = await ctx.register({ inviteCode: generated.code });
      const shown = await ctx.app.inject({
        method: 'GET',
        url: '/api/settings/invite-code',
        headers: { cookie: admin.cookie },
      });
      expect(shown.json()).toEqual({ code: generated.code, fromEnvironment: false });

      const changed = await ctx.app.inject({
        method: 'PUT',
        url: '/api/settings/invite-code',
        headers: { cookie: admin.cookie },
        payload: { code: '  МАСТЕРСКАЯ-2026 ' },
      });
      expect(changed.json()).toEqual({ code: 'МАСТЕРСКАЯ-2026', fromEnvironment: false });
      await expect(ctx.register({ inviteCode: generated.code })).rejects.toThrow('Неверный код приглашения');
      await expect(ctx.register({ inviteCode: 'МАСТЕРСКАЯ-2026' })).resolves.toBeTruthy();

      const tooShort = await ctx.app.inject({
        method: 'PUT',
        url: '/api/settings/invite-code',
        headers: { cookie: admin.cookie },
        payload: { code: 'abc' },
      });
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json().error.message).toBe('Код приглашения: не меньше 6 букв или цифр');
    });
  },
  { config: testConfig({ inviteCode: undefined, sessionIdleMs: 86_400_000, sessionMaxMs: 86_400_000 }) },
);

describeEachDatabase('invite code from INVITE_CODE', (ctx) => {
  it('cannot be changed from the UI', async () => {
    const admin = await ctx.loginAs('admin');
    const shown = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/invite-code',
      headers: { cookie: admin.cookie },
    });
    expect(shown.json()).toEqual({ code: TEST_INVITE_CODE, fromEnvironment: true });
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/invite-code',
      headers: { cookie: admin.cookie },
      payload: { code: 'another-code' },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().error.message).toMatch(/INVITE_CODE/);
  });
});
