import { beforeAll, expect, it } from 'vitest';
import type { ClientDetailDto } from '../../domain/client-schemas';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';
import { MERGE_SELF, NOTHING_TO_UNDO } from './client-merge';

// One client per person (issue 49): an admin merges a twin into the client kept — tickets,
// tasks and history move, the twin goes to the Корзина — and undoes it while it is there.

describeEachDatabase('merging two clients', (ctx) => {
  let admin: SignedIn;
  let staff: SignedIn;
  const call = apiCaller(ctx, () => admin);
  const json = <T>(response: { json: () => unknown }) => response.json() as T;

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    staff = await ctx.loginAs('employee');
  });

  async function clientWithWork(fullName: string, phone: string) {
    const client = json<{ client: ClientDetailDto }>(
      await call('POST', '/api/clients', { fullName, phone }, staff),
    ).client;
    const ticket = json<{ ticket: TicketDetailDto }>(
      await call(
        'POST',
        '/api/tickets',
        { title: 'Замена SSD', client: { mode: 'existing', clientId: client.id } },
        staff,
      ),
    ).ticket;
    const task = json<{ task: { id: number } }>(
      await call('POST', '/api/tasks', { title: `Позвонить ${fullName}`, clientId: client.id }, staff),
    ).task;
    return { client, ticket, task };
  }
  const ticketOf = async (id: number) =>
    json<{ ticket: TicketDetailDto }>(await call('GET', `/api/tickets/${id}`)).ticket;

  it('moves the twin’s tickets, tasks and history to the client kept, and undoes exactly that', async () => {
    const kept = await clientWithWork('Слияев Семён', '8 912 800-00-01');
    const twin = await clientWithWork('Слияев С.', '8 912 800-00-02');
    await call('PATCH', `/api/clients/${twin.client.id}`, { comment: 'Просил звонить вечером' }, staff);

    const employeeTry = await call(
      'POST',
      `/api/clients/${twin.client.id}/merge`,
      { intoId: kept.client.id },
      staff,
    );
    expect(employeeTry.statusCode).toBe(403);
    const self = await call('POST', `/api/clients/${kept.client.id}/merge`, { intoId: kept.client.id });
    expect(self.statusCode).toBe(400);
    expect(json<{ error: { message: string } }>(self).error.message).toBe(MERGE_SELF);

    const merged = await call('POST', `/api/clients/${twin.client.id}/merge`, { intoId: kept.client.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(json<{ merge: { tickets: number; tasks: number } }>(merged).merge).toMatchObject({
      tickets: 1,
      tasks: 1,
    });

    expect(await ticketOf(twin.ticket.id)).toMatchObject({
      clientId: kept.client.id,
      clientName: 'Слияев Семён',
    });
    const task = json<{ task: { clientId: number } }>(await call('GET', `/api/tasks/${twin.task.id}`)).task;
    expect(task.clientId).toBe(kept.client.id);
    const keptHistory = json<{ items: { action: string; note: string }[] }>(
      await call('GET', `/api/clients/${kept.client.id}/history`),
    ).items;
    expect(keptHistory.map((h) => h.action)).toEqual(expect.arrayContaining(['merge_in', 'edit_comment']));
    const twinCard = json<{ client: ClientDetailDto }>(
      await call('GET', `/api/clients/${twin.client.id}`),
    ).client;
    expect(twinCard.deletedAt).not.toBeNull();
    expect(json<{ merge: unknown }>(await call('GET', `/api/clients/${twin.client.id}/merge`)).merge).toEqual(
      {
        intoId: kept.client.id,
        intoName: 'Слияев Семён',
      },
    );
    // The kept client's search by the twin's work finds it.
    const found = json<{ items: { id: number }[] }>(
      await call('GET', `/api/tickets?clientId=${kept.client.id}`),
    ).items;
    expect(found.map((t) => t.id).sort()).toEqual([kept.ticket.id, twin.ticket.id].sort());

    // Meanwhile the kept client gets new work: the undo leaves it where it is.
    const later = json<{ ticket: TicketDetailDto }>(
      await call('POST', '/api/tickets', {
        title: 'Замена SSD',
        client: { mode: 'existing', clientId: kept.client.id },
      }),
    ).ticket;

    const undone = await call('POST', `/api/clients/${twin.client.id}/unmerge`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await ticketOf(twin.ticket.id)).toMatchObject({
      clientId: twin.client.id,
      clientName: 'Слияев С.',
    });
    expect((await ticketOf(later.id)).clientId).toBe(kept.client.id);
    expect((await ticketOf(kept.ticket.id)).clientId).toBe(kept.client.id);
    const back = json<{ client: ClientDetailDto }>(
      await call('GET', `/api/clients/${twin.client.id}`),
    ).client;
    expect(back.deletedAt).toBeNull();
    const twinHistory = json<{ items: { action: string }[] }>(
      await call('GET', `/api/clients/${twin.client.id}/history`),
    ).items.map((h) => h.action);
    expect(twinHistory).toEqual(expect.arrayContaining(['edit_comment', 'unmerge', 'merged_into']));

    const twice = await call('POST', `/api/clients/${twin.client.id}/unmerge`);
    expect(twice.statusCode).toBe(409);
    expect(json<{ error: { message: string } }>(twice).error.message).toBe(NOTHING_TO_UNDO);
  });

  it('a merge racing edits of the twin’s ticket loses neither', async () => {
    const kept = await clientWithWork('Гонщиков Глеб', '8 912 800-00-03');
    const twin = await clientWithWork('Гонщиков Г.', '8 912 800-00-04');
    const edits = Array.from({ length: 5 }, (_, i) =>
      call('PATCH', `/api/tickets/${twin.ticket.id}`, { description: `Правка ${i}` }, staff),
    );
    const [merge, ...answers] = await Promise.all([
      call('POST', `/api/clients/${twin.client.id}/merge`, { intoId: kept.client.id }),
      ...edits,
    ]);
    expect(merge.statusCode, merge.body).toBe(200);
    // Each edit either landed or was told someone changed the field; none is a server error.
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    const after = await ticketOf(twin.ticket.id);
    expect(after.clientId).toBe(kept.client.id);
    expect(after.description).toMatch(/^Правка \d$/);
  });

  it('two merges of one twin at once: one merges, the other is refused', async () => {
    const a = await clientWithWork('Двоев А.', '8 912 800-00-05');
    const b = await clientWithWork('Двоев Б.', '8 912 800-00-06');
    const twin = await clientWithWork('Двоев', '8 912 800-00-07');
    const answers = await Promise.all([
      call('POST', `/api/clients/${twin.client.id}/merge`, { intoId: a.client.id }),
      call('POST', `/api/clients/${twin.client.id}/merge`, { intoId: b.client.id }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const owner = (await ticketOf(twin.ticket.id)).clientId;
    expect([a.client.id, b.client.id]).toContain(owner);
  });

  it('a pair merged each way at once: one merge wins, and every ticket ends with the live client', async () => {
    const a = await clientWithWork('Встречнов А.', '8 912 800-00-08');
    const b = await clientWithWork('Встречнов Б.', '8 912 800-00-09');
    const answers = await Promise.all([
      call('POST', `/api/clients/${a.client.id}/merge`, { intoId: b.client.id }),
      call('POST', `/api/clients/${b.client.id}/merge`, { intoId: a.client.id }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const cards = await Promise.all(
      [a, b].map(
        async (x) =>
          json<{ client: ClientDetailDto }>(await call('GET', `/api/clients/${x.client.id}`)).client,
      ),
    );
    const live = cards.filter((c) => c.deletedAt === null);
    expect(live).toHaveLength(1);
    for (const ticket of [a.ticket, b.ticket]) expect((await ticketOf(ticket.id)).clientId).toBe(live[0]!.id);
  });
});
