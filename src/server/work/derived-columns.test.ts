import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/test-app';
import { sql } from 'kysely';
import { refreshDerived, syncClientItems } from './derived-columns';

describeEachDatabase('derived columns written with a ticket’s step or edit', (ctx) => {
  it('are what a full recompute from the stored row gives', async () => {
    const anna = await ctx.loginAs('admin');
    const call = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
      const response = await ctx.app.inject({ method, url, payload, headers: { cookie: anna.cookie } });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json().ticket;
    };
    let ticket = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      client: { mode: 'new', fullName: 'Деривативов Денис', phone: '+7 912 000-11-22' },
      dueDate: '2026-12-01',
    });
    const derived = () =>
      ctx.database.db
        .selectFrom('tickets')
        .select(['search_text', 'client_phone_digits', 'work_state', 'work_sort'])
        .where('id', '=', ticket.id)
        .executeTakeFirstOrThrow();
    const checks: object[] = [];
    const check = async () => {
      const written = await derived();
      await refreshDerived(ctx.database.db, 'ticket', ticket.id);
      expect(await derived()).toEqual(written);
      checks.push(written);
    };
    ticket = await call('POST', `/api/tickets/${ticket.id}/step`, {
      direction: 'forward',
      expectedStatus: 'new',
    });
    await check();
    ticket = await call('PATCH', `/api/tickets/${ticket.id}`, {
      version: ticket.version,
      dueDate: '2026-11-23',
      assigneeId: anna.user.id,
    });
    await check();
    ticket = await call('POST', `/api/tickets/${ticket.id}/step`, {
      direction: 'back',
      expectedStatus: 'delivery_requested',
    });
    await check();
    // The order key moved with the status and the due date: the checks saw real changes.
    expect(new Set(checks.map((c) => JSON.stringify(c))).size).toBe(3);
  });

  it('a task edit (client, status, due date) writes what a full recompute gives', async () => {
    const anna = await ctx.loginAs('admin');
    const call = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
      const response = await ctx.app.inject({ method, url, payload, headers: { cookie: anna.cookie } });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json();
    };
    const client = (
      await call('POST', '/api/clients', { fullName: 'Задачин Захар', phone: '+7 913 222-33-44' })
    ).client;
    let task = (await call('POST', '/api/tasks', { title: 'Позвонить' })).task;
    const stored = () =>
      ctx.database.db
        .selectFrom('tasks')
        .select(['search_text', 'client_phone_digits', 'work_state', 'work_sort'])
        .where('id', '=', task.id)
        .executeTakeFirstOrThrow();
    for (const change of [
      { clientId: client.id },
      { status: 'closed', dueDate: '2026-12-24' },
      { clientId: null },
    ]) {
      task = (await call('PATCH', `/api/tasks/${task.id}`, { version: task.version, ...change })).task;
      const written = await stored();
      await refreshDerived(ctx.database.db, 'task', task.id);
      expect(await stored(), JSON.stringify(change)).toEqual(written);
    }
  });

  // PostgreSQL only: SQLite runs one write at a time, so the interleaving cannot happen there.
  it.runIf(ctx.dialect === 'postgres')(
    'a client renamed between a step’s read and its write: the step retries, search stays right',
    async () => {
      const anna = await ctx.loginAs('admin');
      const inject = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
        const response = await ctx.app.inject({ method, url, payload, headers: { cookie: anna.cookie } });
        expect(response.statusCode, response.body).toBeLessThan(300);
        return response.json();
      };
      const client = (
        await inject('POST', '/api/clients', { fullName: 'Гонщиков Глеб', phone: '8 900 100-00-00' })
      ).client;
      const ticket = (
        await inject('POST', '/api/tickets', {
          title: 'Замена SSD',
          client: { mode: 'existing', clientId: client.id },
        })
      ).ticket;
      const { db } = ctx.database;
      let stepped: Promise<unknown> | undefined;
      await db.transaction().execute(async (trx) => {
        // Hold the ticket's row: the step reads it, then waits here to write.
        await trx.selectFrom('tickets').select('id').where('id', '=', ticket.id).forUpdate().execute();
        stepped = inject('POST', `/api/tickets/${ticket.id}/step`, {
          direction: 'forward',
          expectedStatus: 'new',
        });
        await expect
          .poll(async () => {
            const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query ilike 'update%tickets%'`.execute(db);
            return waiting.rows[0]?.n ?? 0;
          })
          .toBeGreaterThan(0);
        // Meanwhile the client is renamed and its tickets follow (the real sync, in this transaction).
        await trx
          .updateTable('clients')
          .set({ full_name: 'Новиков Глеб', phone: '8 955 555-55-55' })
          .where('id', '=', client.id)
          .execute();
        await syncClientItems(trx, [{ kind: 'ticket', id: ticket.id }], 'Новиков Глеб');
      });
      await stepped;
      const stored = () =>
        db
          .selectFrom('tickets')
          .select(['status', 'client_name', 'search_text', 'client_phone_digits'])
          .where('id', '=', ticket.id)
          .executeTakeFirstOrThrow();
      const written = await stored();
      expect(written).toMatchObject({ status: 'delivery_requested', client_name: 'Новиков Глеб' });
      await refreshDerived(db, 'ticket', ticket.id);
      expect(await stored()).toEqual(written);
      expect(written.search_text).toContain('новиков');
    },
  );
});
