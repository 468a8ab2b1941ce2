import { afterAll, beforeAll, expect, it } from 'vitest';
import { INVALID_SUBSCRIPTION_MESSAGE } from '../../domain/push-schemas';
import { PushServiceStandIn } from '../test/push-service-stand-in';
import { describeEachDatabase, type SignedIn } from '../test/test-app';

// Only its subscriptions' addresses and keys are used here; nothing is sent.
const service = new PushServiceStandIn();
beforeAll(() => service.start());
afterAll(() => service.stop());

describeEachDatabase('push subscription API', (ctx) => {
  let staff: SignedIn;
  beforeAll(async () => {
    staff = await ctx.loginAs('employee');
  });

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, who: SignedIn | null, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { 'x-requested-with': 'fetch', ...(who ? { cookie: who.cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
  const rowsFor = (endpoint: string) =>
    ctx.database.db
      .selectFrom('push_subscriptions')
      .select(['user_id', 'session_id', 'p256dh'])
      .where('endpoint', '=', endpoint)
      .execute();

  it('gives the server key and takes subscriptions only from signed-in users', async () => {
    const key = await call('GET', '/api/push/public-key', staff);
    expect(key.statusCode).toBe(200);
    expect(Buffer.from(key.json<{ publicKey: string }>().publicKey, 'base64url')).toHaveLength(65);

    const subscription = service.newSubscription().toJSON();
    expect((await call('GET', '/api/push/public-key', null)).statusCode).toBe(401);
    expect((await call('PUT', '/api/push/subscription', null, subscription)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/push/subscription', null, subscription)).statusCode).toBe(401);
    expect(await rowsFor(subscription.endpoint)).toEqual([]);
  });

  it.each([
    ['a plain-HTTP endpoint', { endpoint: 'http://127.0.0.1:9/push/x' }],
    ['no endpoint', { endpoint: undefined }],
    ['a short p256dh key', { keys: { p256dh: 'AAAA', auth: 'x'.repeat(22) } }],
    ['no auth secret', { keys: { p256dh: 'B'.repeat(87) } }],
    ['no keys', { keys: undefined }],
  ])('refuses %s with a Russian message', async (_label, change) => {
    const payload = { ...service.newSubscription().toJSON(), ...change };
    const response = await call('PUT', '/api/push/subscription', staff, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(INVALID_SUBSCRIPTION_MESSAGE);
  });

  it('keeps one row per device, and a device signed in by someone else becomes theirs', async () => {
    const device = service.newSubscription().toJSON();
    expect((await call('PUT', '/api/push/subscription', staff, device)).statusCode).toBe(204);
    expect((await call('PUT', '/api/push/subscription', staff, device)).statusCode).toBe(204);
    expect(await rowsFor(device.endpoint)).toEqual([expect.objectContaining({ user_id: staff.user.id })]);

    const colleague = await ctx.register({ displayName: 'Сменщик Семён' });
    expect((await call('PUT', '/api/push/subscription', colleague, device)).statusCode).toBe(204);
    expect(await rowsFor(device.endpoint)).toEqual([expect.objectContaining({ user_id: colleague.user.id })]);

    // Only its owner can remove it.
    await call('DELETE', '/api/push/subscription', staff, { endpoint: device.endpoint });
    expect(await rowsFor(device.endpoint)).toHaveLength(1);
    expect(
      (await call('DELETE', '/api/push/subscription', colleague, { endpoint: device.endpoint })).statusCode,
    ).toBe(204);
    expect(await rowsFor(device.endpoint)).toEqual([]);
  });

  it("logout removes that device's subscription and leaves the user's other devices", async () => {
    const phoneSession = await ctx.signIn(staff.user.email);
    const laptopSession = await ctx.signIn(staff.user.email);
    const phone = service.newSubscription().toJSON();
    const laptop = service.newSubscription().toJSON();
    await call('PUT', '/api/push/subscription', phoneSession, phone);
    await call('PUT', '/api/push/subscription', laptopSession, laptop);

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: phoneSession.cookie, 'x-requested-with': 'fetch' },
    });
    expect(logout.statusCode).toBe(204);
    expect(await rowsFor(phone.endpoint)).toEqual([]);
    expect(await rowsFor(laptop.endpoint)).toHaveLength(1);
  });

  it('keeps the subscription when a session merely expires', async () => {
    const session = await ctx.signIn(staff.user.email);
    const device = service.newSubscription().toJSON();
    await call('PUT', '/api/push/subscription', session, device);
    await ctx.database.db.deleteFrom('sessions').where('user_id', '=', staff.user.id).execute();
    expect(await rowsFor(device.endpoint)).toEqual([
      expect.objectContaining({ user_id: staff.user.id, session_id: null }),
    ]);
  });
});
