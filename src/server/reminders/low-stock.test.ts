import { beforeAll, expect, it } from 'vitest';
import type { PushMessage } from '../../domain/push-message';
import type { PartDto } from '../../domain/stock';
import type { Clock } from '../clock';
import { createWorkRules } from '../settings/work-rules';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';
import { createReminderJobs } from './reminder-jobs';

// Issue 51: when parts run out, each admin's morning push names the emptiest; staff get none.

class FixedClock implements Clock {
  constructor(private readonly at: Date) {}
  now() {
    return new Date(this.at);
  }
}

describeEachDatabase('the morning push about low stock', (ctx) => {
  let admin: SignedIn;
  let staff: SignedIn;
  const call = apiCaller(ctx, () => admin);
  const sent: { to: number; message: PushMessage }[] = [];
  const jobs = (clock: Clock) =>
    createReminderJobs({
      db: ctx.database.db,
      clock,
      rules: () => createWorkRules(ctx.database.db, clock).get(),
      dialect: ctx.dialect,
      deliver: async (to, message) => {
        sent.push({ to, message });
        return { delivered: [`phone-${to}`], retry: [] };
      },
      log: ctx.app.log,
      appName: 'GL Задачи',
      owner: 'test',
    });

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    staff = await ctx.loginAs('employee');
  });

  it('says nothing while stock is fine, then names the emptiest parts to those who keep the stock', async () => {
    const part = async (name: string, minQty: number, quantity: number) => {
      const created = await call('POST', '/api/parts', { name, minQty });
      const { id } = (created.json() as { part: PartDto }).part;
      if (quantity > 0)
        await call('POST', '/api/stock/receipts', { lines: [{ partId: id, quantity, cost: 100 }] });
    };
    await part('Запас в порядке', 1, 5);
    await jobs(new FixedClock(new Date('2026-11-22T06:00:00.000Z'))).tick(); // 09:00 in Москва
    expect(sent).toEqual([]);

    await part('Экран A', 2, 0);
    await part('Шлейф B', 3, 2);
    await part('Кнопка C', 1, 1);
    await part('Клей D', 5, 1);
    await jobs(new FixedClock(new Date('2026-11-23T06:00:00.000Z'))).tick();
    expect(sent.map((push) => push.to)).toEqual([admin.user.id]);
    expect(sent[0]?.message).toEqual({
      title: 'GL Задачи: заканчиваются запчасти (4)',
      body: ['Клей D — 1 шт', 'Экран A — 0 шт', 'Шлейф B — 2 шт', 'и ещё 1'].join('\n'),
      url: '/app/stock?low=1',
      tag: 'low-stock',
    });
    expect(sent.some((push) => push.to === staff.user.id)).toBe(false);

    // A role allowed «Склад» keeps the stock too (issue 52): its people hear of it the next morning.
    const keeper = await ctx.loginAs('receptionist');
    await call('PUT', '/api/roles/permission', {
      role: 'receptionist',
      permission: 'stock.manage',
      allowed: true,
    });
    sent.length = 0;
    await jobs(new FixedClock(new Date('2026-11-24T06:00:00.000Z'))).tick();
    expect(sent.map((push) => push.to).sort()).toEqual([admin.user.id, keeper.user.id].sort());
  });
});
