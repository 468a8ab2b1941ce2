import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PushMessage } from '../../domain/push-message';
import type { Database } from '../db/database';
import { describeEachDatabase } from '../test/test-app';
import { createPushRetries, PUSH_RETRY } from './push-retries';
import type { SendPush, SendResult } from './push-sender';

// Issue 23: a push waiting for its next try is a job in the database — an instance that stops
// leaves it to another, and of two instances looking at once only one sends it.

describeEachDatabase('push retries as jobs with a lease', (ctx) => {
  let second: Database;
  const endpoint = 'https://push.example.net/send/abc';
  const message: PushMessage = {
    title: 'GL Задачи',
    body: 'Новая задача',
    url: '/app/tasks/1',
    tag: 'task-1',
  };
  const sent: string[] = [];
  /** The push service as each instance reaches it: `answers` in turn, then 'sent'. */
  const sender =
    (instance: string, answers: SendResult[] = []): SendPush =>
    async () => {
      sent.push(instance);
      return answers.shift() ?? { outcome: 'sent' };
    };
  const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;

  beforeAll(async () => {
    second = ctx.openAnotherDatabase();
    const user = await ctx.register();
    const session = await ctx.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .insertInto('push_subscriptions')
      .values({
        user_id: user.user.id,
        session_id: session.id,
        endpoint,
        p256dh: 'BExample',
        auth: 'secret',
        user_agent: 'test',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
  });
  afterAll(async () => {
    await second.destroy();
  });

  const subscription = { endpoint, p256dh: 'BExample', auth: 'secret', user_id: 0 };
  const pending = () =>
    ctx.database.db
      .selectFrom('jobs')
      .select(['key', 'outcome'])
      .where('kind', '=', PUSH_RETRY)
      .where('done_at', 'is', null)
      .execute();

  it('a try an instance scheduled before it stopped is made by another instance', async () => {
    sent.length = 0;
    const a = createPushRetries({ db: ctx.database.db, send: sender('A'), log: quiet, delaysMs: [20] });
    expect(await a.schedule(subscription, message, true, 1)).toBe(true);
    await a.stop();
    expect(await pending()).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    const b = createPushRetries({ db: second.db, send: sender('B'), log: quiet, delaysMs: [20] });
    await b.tick();
    await b.stop();
    expect(sent).toEqual(['B']);
    expect(await pending()).toEqual([]);
  });

  it('a try failing while its instance shuts down is still kept; a push an hour old is dropped', async () => {
    sent.length = 0;
    const a = createPushRetries({ db: ctx.database.db, send: sender('A'), log: quiet, delaysMs: [0] });
    await a.stop();
    expect(await a.schedule(subscription, message, false, 1)).toBe(true);
    expect(await pending()).toHaveLength(1);
    const b = createPushRetries({ db: second.db, send: sender('B'), log: quiet, delaysMs: [0, 0] });
    await b.tick();
    expect(sent).toEqual(['B']);

    sent.length = 0;
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
    await b.schedule(subscription, message, false, 1, undefined, twoHoursAgo);
    await b.tick();
    await b.stop();
    expect(sent).toEqual([]);
    const outcomes = await ctx.database.db
      .selectFrom('jobs')
      .select('outcome')
      .where('kind', '=', PUSH_RETRY)
      .where('outcome', '=', 'too late')
      .execute();
    expect(outcomes).toHaveLength(1);
    expect(await pending()).toEqual([]);
  });

  it('two instances ticking together send a due try once', async () => {
    sent.length = 0;
    const a = createPushRetries({ db: ctx.database.db, send: sender('A'), log: quiet, delaysMs: [0] });
    const b = createPushRetries({ db: second.db, send: sender('B'), log: quiet, delaysMs: [0] });
    for (let i = 0; i < 10; i += 1) await a.schedule(subscription, message, false, 1);
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    await a.stop();
    await b.stop();
    expect(sent).toHaveLength(10);
    expect(await pending()).toEqual([]);
  });

  it('a service still failing gets the configured tries, then none; a subscription gone is dropped', async () => {
    sent.length = 0;
    const failing: SendResult[] = [
      { outcome: 'retry', status: 503, error: new Error('503') },
      { outcome: 'retry', status: 503, error: new Error('503') },
    ];
    const a = createPushRetries({
      db: ctx.database.db,
      send: sender('A', failing),
      log: quiet,
      delaysMs: [0, 0],
    });
    expect(await a.schedule(subscription, message, false, 1)).toBe(true);
    await a.tick();
    expect(sent).toEqual(['A', 'A']);
    expect(await a.nextIn()).toBeNull();
    expect(await a.schedule(subscription, message, false, 3)).toBe(false);

    const gone = createPushRetries({
      db: ctx.database.db,
      send: sender('A', [{ outcome: 'gone', status: 410 }]),
      log: quiet,
      delaysMs: [0],
    });
    await gone.schedule(subscription, message, false, 1);
    await gone.tick();
    const rows = await ctx.database.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('endpoint', '=', endpoint)
      .execute();
    expect(rows).toEqual([]);
    await a.stop();
    await gone.stop();
  });
});
