import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PushMessage } from '../../domain/push-message';
import { LIMITED_STATUSES, limitField } from '../../domain/status-limits';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { addJobs, claimDueJobs } from '../jobs/job-store';
import { createWorkRules } from '../settings/work-rules';
import { insertItems } from '../test/insert-items';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';
import { createReminderJobs, LEASE_MS, MAX_ATTEMPTS } from './reminder-jobs';

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
  const sent: { to: number; message: PushMessage; by: string; browser: string }[] = [];
  /** Per person, how many tries their laptop's push service fails. */
  const outages = new Map<number, number>();
  let second: Database;
  const ids: Record<string, number> = {};

  /** An instance of the service: its own owner name and, on PostgreSQL, its own connections. */
  function instance(owner: string, database: Database = ctx.database) {
    return createReminderJobs({
      db: database.db,
      clock,
      rules: () => createWorkRules(database.db, clock).get(),
      dialect: ctx.dialect,
      deliver: async (to, message, { except = [] }) => {
        // A push takes a moment: the other instance gets its chance to race meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 5));
        // Each person has a phone and a laptop; an outage makes the laptop's push service fail.
        const browsers = [`phone-${to}`, `laptop-${to}`].filter((browser) => !except.includes(browser));
        const down = (outages.get(to) ?? 0) > 0;
        if (down) outages.set(to, (outages.get(to) ?? 0) - 1);
        const delivered = browsers.filter((browser) => !(down && browser.startsWith('laptop')));
        for (const browser of delivered) sent.push({ to, message, by: owner, browser });
        return { delivered, retry: browsers.filter((browser) => !delivered.includes(browser)) };
      },
      log: ctx.app.log,
      appName: 'GL Задачи',
      owner,
    });
  }
  /** What a person's phone showed. */
  const to = (who: SignedIn) =>
    sent.filter((push) => push.to === who.user.id && push.browser.startsWith('phone'));

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
    expect(to(tech).map((push) => push.message.body)).toEqual([
      `Просрочена заявка #${ids['Будущая']} «Будущая»: срок был 21.11.2026`,
    ]);
    expect(to(other)).toEqual([]);
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

  /** A remind job for `who`, due now, as a digest makes it. */
  async function remindJob(key: string, who: SignedIn, body: string, due = clock.now().toISOString()) {
    const message: PushMessage = { title: 'GL Задачи', body, url: '/app/work', tag: 'test' };
    await addJobs(
      ctx.database.db,
      [
        {
          key,
          kind: 'remind',
          runAt: clock.now().toISOString(),
          payload: { userId: who.user.id, date: due.slice(0, 10), due, message },
        },
      ],
      clock.now().toISOString(),
    );
  }
  const jobRow = (key: string) =>
    ctx.database.db
      .selectFrom('jobs')
      .select(['done_at', 'outcome', 'attempts', 'run_at'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow();

  it('a job an instance took and never finished (it crashed) waits out the lease, then another instance does it once', async () => {
    sent.length = 0;
    const now = clock.now();
    await remindJob('remind:crash', tech, 'Проверка');
    const taken = await claimDueJobs(ctx.database.db, {
      owner: 'crashed',
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
      limit: 10,
      kinds: ['remind'],
    });
    expect(taken.map((job) => job.key)).toEqual(['remind:crash']);
    const survivor = instance('d', second);
    await survivor.tick();
    expect(sent).toEqual([]);
    clock.set(new Date(now.getTime() + LEASE_MS + 1000).toISOString());
    await Promise.all([survivor.tick(), instance('e').tick()]);
    expect(sent.map((push) => [push.to, push.browser, push.message.body])).toEqual([
      [tech.user.id, `phone-${tech.user.id}`, 'Проверка'],
      [tech.user.id, `laptop-${tech.user.id}`, 'Проверка'],
    ]);
    const row = await jobRow('remind:crash');
    expect(row).toMatchObject({ outcome: 'sent', attempts: 2 });
    expect(row.done_at).not.toBeNull();
  });

  it('a push service that is down gets the push later; a browser that took it is not sent it again', async () => {
    sent.length = 0;
    outages.set(tech.user.id, 2);
    await remindJob('remind:outage', tech, 'Сбой');
    const a = instance('g');
    await a.tick();
    // The phone took it; the laptop's service failed: the job waits a minute, then two.
    expect(sent.map((push) => push.browser)).toEqual([`phone-${tech.user.id}`]);
    expect(await jobRow('remind:outage')).toMatchObject({ done_at: null, attempts: 1 });
    clock.set(new Date(clock.now().getTime() + 30_000).toISOString());
    await a.tick();
    expect(sent).toHaveLength(1);
    clock.set(new Date(clock.now().getTime() + 31_000).toISOString());
    await a.tick();
    expect(sent).toHaveLength(1);
    clock.set(new Date(clock.now().getTime() + 2 * 60_000).toISOString());
    await a.tick();
    expect(sent.map((push) => push.browser)).toEqual([`phone-${tech.user.id}`, `laptop-${tech.user.id}`]);
    expect(await jobRow('remind:outage')).toMatchObject({ outcome: 'sent', attempts: 3 });
  });

  it('gives up on a job after its last try, and on one that kept taking its instance down', async () => {
    sent.length = 0;
    outages.set(other.user.id, 1000);
    await remindJob('remind:never', other, 'Никогда');
    const a = instance('h');
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      await a.tick();
      clock.set(new Date(clock.now().getTime() + 31 * 60_000).toISOString());
    }
    const row = await jobRow('remind:never');
    expect(row.outcome).toBe('failed: 1 browser(s) to try again');
    expect(row.done_at).not.toBeNull();
    expect(sent.filter((push) => push.browser.startsWith('laptop'))).toEqual([]);
    outages.delete(other.user.id);

    // Taken MAX_ATTEMPTS times and never given back (each time its process died).
    sent.length = 0;
    await remindJob('remind:crashes', other, 'Роняет');
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const at = clock.now();
      await claimDueJobs(ctx.database.db, {
        owner: `dead-${attempt}`,
        now: at.toISOString(),
        leaseUntil: new Date(at.getTime() + LEASE_MS).toISOString(),
        limit: 10,
        kinds: ['remind'],
      });
      clock.set(new Date(at.getTime() + LEASE_MS + 1000).toISOString());
    }
    await a.tick();
    expect(await jobRow('remind:crashes')).toMatchObject({
      outcome: `failed: gave up after ${MAX_ATTEMPTS} tries`,
      attempts: MAX_ATTEMPTS + 1,
    });
    expect(sent).toEqual([]);
  });

  it('a day the service was down through is not pushed the next day', async () => {
    sent.length = 0;
    // The 24th's push was worked out, then the service went down until the 25th at 11:00: the
    // 24th's is not sent half a day late; the 25th's is.
    await remindJob('remind:2026-11-24:late', tech, 'Вчерашнее', '2026-11-24T07:30:00.000Z');
    clock.set('2026-11-25T08:00:00.000Z');
    await instance('f').tick();
    expect(await jobRow('remind:2026-11-24:late')).toMatchObject({ outcome: 'missed: too late' });
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
    expect(to(tech).map((push) => push.message.body.split('\n')[0])).toEqual(['Просрочено: 4']);
  });

  it('a person who takes over an overdue item is told it is overdue, though the last assignee was', async () => {
    sent.length = 0;
    // The API's clock reads the same day as the jobs' (11:00 on 25.11 in Москва).
    ctx.clock.advance(3 * 86_400_000 - 3_600_000);
    const given = await call('PATCH', `/api/tickets/${ids['Давняя']}`, { assigneeId: other.user.id });
    ctx.clock.advance(-(3 * 86_400_000 - 3_600_000));
    expect(given.statusCode, given.body).toBe(200);
    clock.set('2026-11-25T08:01:00.000Z');
    const a = instance('i');
    await a.tick();
    await a.tick();
    expect(to(other).map((push) => push.message.body)).toEqual([
      `Просрочена заявка #${ids['Давняя']} «Давняя»: срок был 20.11.2026, 5 дн. назад`,
    ]);
    expect(to(tech)).toEqual([]);
  });
});
