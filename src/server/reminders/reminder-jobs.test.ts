import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PushMessage } from '../../domain/push-message';
import { LIMITED_STATUSES, limitField } from '../../domain/status-limits';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { addJobs, claimDueJobs } from '../jobs/job-store';
import { createWorkRules } from '../settings/work-rules';
import { insertItems } from '../test/insert-items';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';
import { createReminderJobs, LEASE_MS } from './reminder-jobs';

// Issue 20: reminders are jobs in the database with a lease — two instances deliver once,
// a restart loses nothing — on both databases.

class SettableClock implements Clock {
  constructor(private current: Date) {}
  now() {
    return new Date(this.current);
  }
  set(iso: string) {
    this.current = new Date(iso);
  }
}

describeEachDatabase('reminders as jobs with a lease', (ctx) => {
  let admin: SignedIn;
  let tech: SignedIn;
  let other: SignedIn;
  const call = apiCaller(ctx, () => admin);
  const clock = new SettableClock(new Date('2026-11-22T05:59:00.000Z')); // 08:59 in Москва
  const sent: { to: number; message: PushMessage; by: string }[] = [];
  let second: Database;
  const ids: Record<string, number> = {};

  /** An instance of the service: its own owner name and, on PostgreSQL, its own connections. */
  function instance(owner: string, database: Database = ctx.database) {
    return createReminderJobs({
      db: database.db,
      clock,
      rules: () => createWorkRules(database.db, clock).get(),
      deliver: async (to, message) => {
        // A push takes a moment: the other instance gets its chance to race meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push({ to, message, by: owner });
      },
      log: ctx.app.log,
      appName: 'GL Задачи',
      owner,
    });
  }
  const to = (who: SignedIn) => sent.filter((push) => push.to === who.user.id);

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    tech = await ctx.register({ displayName: 'Техников Тимур' });
    other = await ctx.register({ displayName: 'Другов Дмитрий' });
    // SQLite is one process's file (better-sqlite3 blocks while it waits for a lock), so there the
    // two instances share a connection and race at every await; PostgreSQL gets a second pool.
    second = ctx.dialect === 'postgres' ? ctx.openAnotherDatabase() : ctx.database;
    const item = (title: string, over: object) => ({
      kind: 'ticket' as const,
      status: 'repair',
      title,
      dueDate: null,
      createdAt: '2026-11-01T10:00:00.000Z',
      closedAt: null,
      ...over,
    });
    const rows = [
      item('Давняя', { dueDate: '2026-11-20', assigneeId: tech.user.id }),
      item('Сегодняшняя', { dueDate: '2026-11-22', assigneeId: tech.user.id }),
      item('Задача вчера', {
        kind: 'task',
        status: 'active',
        dueDate: '2026-11-21',
        assigneeId: tech.user.id,
      }),
      item('Будущая', { dueDate: '2026-11-25', assigneeId: tech.user.id }),
      item('Закрытая', {
        status: 'closed',
        dueDate: '2026-11-01',
        assigneeId: tech.user.id,
        closedAt: '2026-11-02T10:00:00.000Z',
      }),
      item('Чужая', { kind: 'task', status: 'active', dueDate: '2026-11-22', assigneeId: other.user.id }),
      item('Ничья', { dueDate: '2026-11-01' }),
    ];
    const inserted = await insertItems(ctx.database.db, rows);
    rows.forEach((row, index) => (ids[row.title] = inserted[index] as number));
  });

  afterAll(async () => {
    if (second !== ctx.database) await second.destroy();
  });

  it('before the reminder time nothing goes out; at 09:00 each person gets one push from two racing instances', async () => {
    const a = instance('a');
    const b = instance('b', second);
    await Promise.all([a.tick(), b.tick()]);
    expect(sent).toEqual([]);

    clock.set('2026-11-22T06:00:00.000Z'); // 09:00 in Москва
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    await Promise.all([a.tick(), b.tick()]);
    expect(to(tech)).toHaveLength(1);
    expect(to(other)).toHaveLength(1);
    expect(to(admin)).toEqual([]);
    expect(to(tech)[0]?.message.body).toBe(
      [
        'Просрочено: 2 · На сегодня: 1',
        `#${ids['Давняя']} «Давняя» — просрочено на 2 дн.`,
        'Задача «Задача вчера» — просрочено на 1 дн.',
        `#${ids['Сегодняшняя']} «Сегодняшняя» — сегодня`,
      ].join('\n'),
    );
    expect(to(tech)[0]?.message.url).toBe(`/app/work?assignee=${tech.user.id}&order=overdue`);
    expect(to(other)[0]?.message.body).toBe('На сегодня: 1\nЗадача «Чужая» — сегодня');
  });

  it('an item that becomes overdue later in the day tells its assignee once, whichever instance finds it', async () => {
    sent.length = 0;
    // The shop's clock (the API's) says 12:00; someone moves a due date into the past.
    const moved = await call('PATCH', `/api/tickets/${ids['Будущая']}`, { dueDate: '2026-11-21' });
    expect(moved.statusCode, moved.body).toBe(200);
    clock.set('2026-11-22T09:01:00.000Z');
    const a = instance('a');
    const b = instance('b', second);
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.tick(), b.tick()]);
    expect(sent.map((push) => [push.to, push.message.body])).toEqual([
      [tech.user.id, `Просрочена заявка #${ids['Будущая']} «Будущая»: срок был 21.11.2026`],
    ]);
    expect(sent[0]?.message.url).toBe(`/app/tickets/${ids['Будущая']}`);
  });

  it("a restart the next morning sends that day's push, newly overdue first, at the time the admin set", async () => {
    sent.length = 0;
    const rules = await call('PUT', '/api/settings/work-rules', {
      version: 1,
      timeZone: 'Europe/Moscow',
      reminderTime: '10:30',
      ...Object.fromEntries(LIMITED_STATUSES.map((status) => [limitField(status), ''])),
    });
    expect(rules.statusCode, rules.body).toBe(200);
    clock.set('2026-11-23T07:29:00.000Z'); // 10:29 in Москва
    const restarted = instance('c');
    await restarted.tick();
    expect(sent).toEqual([]);
    clock.set('2026-11-23T07:30:00.000Z');
    await restarted.tick();
    expect(to(tech).map((push) => push.message.body)).toEqual([
      [
        'Просрочено: 4',
        // Due yesterday, named then as «сегодня»: today it is news.
        `#${ids['Сегодняшняя']} «Сегодняшняя» — просрочено на 1 дн.`,
        `#${ids['Давняя']} «Давняя» — просрочено на 3 дн.`,
        `#${ids['Будущая']} «Будущая» — просрочено на 2 дн.`,
        'и ещё 1',
      ].join('\n'),
    ]);
    expect(to(other).map((push) => push.message.body)).toEqual([
      'Просрочено: 1\nЗадача «Чужая» — просрочено на 1 дн.',
    ]);
  });

  it('a job an instance took and never finished (it crashed) waits out the lease, then another instance does it once', async () => {
    sent.length = 0;
    const now = clock.now();
    const message: PushMessage = { title: 'GL Задачи', body: 'Проверка', url: '/app/work', tag: 'test' };
    await addJobs(
      ctx.database.db,
      [
        {
          key: `remind:2026-11-23:crash-${tech.user.id}`,
          kind: 'remind',
          runAt: now.toISOString(),
          payload: { userId: tech.user.id, date: '2026-11-23', message },
        },
      ],
      now.toISOString(),
    );
    const taken = await claimDueJobs(ctx.database.db, {
      owner: 'crashed',
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
      limit: 10,
    });
    expect(taken.map((job) => job.key)).toEqual([`remind:2026-11-23:crash-${tech.user.id}`]);
    const survivor = instance('d', second);
    await survivor.tick();
    expect(sent).toEqual([]);
    clock.set(new Date(now.getTime() + LEASE_MS + 1000).toISOString());
    await Promise.all([survivor.tick(), instance('e').tick()]);
    expect(sent.map((push) => [push.to, push.message.body, push.by])).toEqual([
      [tech.user.id, 'Проверка', expect.any(String)],
    ]);
    const row = await ctx.database.db
      .selectFrom('jobs')
      .select(['done_at', 'outcome', 'attempts'])
      .where('key', '=', `remind:2026-11-23:crash-${tech.user.id}`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ outcome: 'sent', attempts: 2 });
    expect(row.done_at).not.toBeNull();
  });

  it('a day the service was down through is not pushed the next day', async () => {
    sent.length = 0;
    // Down from before 10:30 on the 24th until the 25th at 11:00: the 24th's push is never made;
    // the 25th's is.
    clock.set('2026-11-25T08:00:00.000Z');
    await instance('f').tick();
    const days = await ctx.database.db
      .selectFrom('jobs')
      .select('key')
      .where('kind', '=', 'digest')
      .orderBy('key')
      .execute();
    expect(days.map((row) => row.key)).toEqual([
      'digest:2026-11-22',
      'digest:2026-11-23',
      'digest:2026-11-25',
    ]);
    expect(to(tech)).toHaveLength(1);
    expect(to(tech)[0]?.message.body.startsWith('Просрочено: 4')).toBe(true);
  });
});
