import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WorkMove } from '../../domain/live-events';
import { SseClient } from '../test/sse-client';
import { describeEachDatabase, type SignedIn } from '../test/test-app';
import { refreshDerived } from '../work/derived-columns';

describeEachDatabase('a move into the Корзина tells open lists where the item stood', (ctx) => {
  let admin: SignedIn;
  let bob: SignedIn;
  let stream: SseClient;

  beforeAll(async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await ctx.loginAs('admin');
    bob = await ctx.register({ displayName: 'Успевший Борис' });
    stream = await SseClient.open(`${base}/api/events`, admin.cookie);
  });
  afterAll(() => stream?.close());

  it('as it was just before the move, even when an edit commits while the move waits for the row', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: { cookie: admin.cookie },
      payload: { title: 'Замена SSD', client: { mode: 'new', fullName: 'Гонкин Глеб' } },
    });
    const id = created.json<{ ticket: { id: number } }>().ticket.id;

    // Someone's edit holds the row (assigning Борис) while the move to the Корзина starts.
    let locked!: () => void;
    let release!: () => void;
    const rowHeld = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const editing = ctx.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('tickets')
        .set({ assignee_id: bob.user.id, assignee_name: bob.user.displayName })
        .where('id', '=', id)
        .execute();
      await refreshDerived(trx, 'ticket', id);
      locked();
      await released;
    });
    await rowHeld;
    const moving = ctx.app.inject({
      method: 'DELETE',
      url: `/api/tickets/${id}`,
      headers: { cookie: admin.cookie, 'x-requested-with': 'fetch' },
    });
    // On PostgreSQL the move now waits for the row; SQLite runs one write at a time.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await editing;
    expect((await moving).statusCode).toBeLessThan(300);

    const event = await stream.waitFor((e) => e.entity === 'ticket' && e.id === id && e.op === 'delete');
    const move = event.work as WorkMove;
    // Counted out of the state it was in with Борис as its assignee, and into no list.
    expect(move.before).toMatchObject({ state: 'new', assigneeId: bob.user.id });
    expect(move.after).toMatchObject({ state: 'trash' });
  });
});
