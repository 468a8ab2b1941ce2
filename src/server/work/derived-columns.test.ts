import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/test-app';
import { refreshDerived } from './derived-columns';

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
});
