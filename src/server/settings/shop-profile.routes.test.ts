import { beforeAll, expect, it } from 'vitest';
import type { ShopProfileDto } from '../../domain/shop-profile';
import { describeEachDatabase, type SignedIn } from '../test/test-app';

// Issue 18: the shop's requisites for receipts — admins edit, everyone reads, no silent overwrite.
describeEachDatabase('shop requisites', (ctx) => {
  let admin: SignedIn;
  let employee: SignedIn;

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    employee = await ctx.loginAs('employee');
  });

  const get = async (who: SignedIn) =>
    (
      await ctx.app.inject({ method: 'GET', url: '/api/settings/shop', headers: { cookie: who.cookie } })
    ).json<{
      profile: ShopProfileDto;
    }>().profile;
  const put = (who: SignedIn, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: '/api/settings/shop', headers: { cookie: who.cookie }, payload });

  const filled = {
    name: 'Сервис «Гарантия Плюс»',
    legalName: 'ИП Иванов Иван Иванович',
    inn: '771234567890',
    ogrn: '312774600012345',
    address: 'Москва, ул. Ленина, 1',
    phone: '+7 495 000-00-00',
    hours: 'Пн–Пт 10:00–19:00',
    receiptTerms: 'Устройство хранится 30 дней.\nДиагностика бесплатна.',
  };

  it('starts empty at version 1, is saved whole by an admin and read by everyone', async () => {
    const fresh = await get(employee);
    expect(fresh).toMatchObject({ name: '', inn: '', version: 1, updatedAt: null });
    const response = await put(admin, { version: 1, ...filled });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ profile: ShopProfileDto }>().profile).toMatchObject({ ...filled, version: 2 });
    expect(await get(employee)).toMatchObject({
      ...filled,
      version: 2,
      updatedByName: admin.user.displayName,
    });
  });

  it('refuses a wrong ИНН or ОГРН and unknown fields in Russian, changing nothing', async () => {
    const before = await get(admin);
    for (const [payload, message] of [
      [{ inn: '12345' }, 'ИНН: 10 или 12 цифр'],
      [{ inn: '77123456789a' }, 'ИНН: 10 или 12 цифр'],
      [{ ogrn: '123' }, 'ОГРН / ОГРНИП: 13 или 15 цифр'],
      [{ logoUrl: 'http://x' }, 'logoUrl'],
    ] as const) {
      const response = await put(admin, { version: before.version, ...filled, ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toContain(message);
    }
    expect(await get(admin)).toEqual(before);
  });

  it('an employee cannot change them', async () => {
    const before = await get(admin);
    const response = await put(employee, { version: before.version, ...filled, name: 'Чужое' });
    expect(response.statusCode).toBe(403);
    expect((await get(admin)).name).toBe(filled.name);
  });

  it('two admins saving from the same version: the second gets 409 with what is there now', async () => {
    const other = await ctx.loginAs('admin');
    const base = await get(admin);
    const first = await put(admin, { ...filled, version: base.version, phone: '+7 495 111-11-11' });
    expect(first.statusCode).toBe(200);
    const second = await put(other, { ...filled, version: base.version, hours: 'Круглосуточно' });
    expect(second.statusCode).toBe(409);
    expect(second.json<{ error: { message: string } }>().error.message).toBe(
      'Реквизиты уже изменил другой сотрудник',
    );
    expect(second.json<{ profile: ShopProfileDto }>().profile).toMatchObject({ phone: '+7 495 111-11-11' });
    expect(await get(admin)).toMatchObject({ phone: '+7 495 111-11-11', hours: filled.hours });
  });

  it('of many saves from one version at once, exactly one lands', async () => {
    const base = await get(admin);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        put(admin, { ...filled, version: base.version, hours: `Вариант ${i}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect((await get(admin)).version).toBe(base.version + 1);
  });
});
