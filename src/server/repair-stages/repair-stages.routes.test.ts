import { beforeAll, expect, it } from 'vitest';
import type { RepairStageDto } from '../../domain/repair-stage-rules';
import { STAGE_OUTSIDE_REPAIR } from '../../domain/repair-stage-rules';
import { STAGE_IN_USE_DELETE, UNKNOWN_STAGE } from '../../domain/repair-stages';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// Stages inside «В ремонте» (issue 49): set only there, dropped on leaving, filterable in the
// worklist, said in plain words on the client's page; a stage in use is hidden, not deleted.

describeEachDatabase('stages inside «В ремонте»', (ctx) => {
  let admin: SignedIn;
  let staff: SignedIn;
  const call = apiCaller(ctx, () => staff);
  const json = <T>(response: { json: () => unknown }) => response.json() as T;
  const errorOf = (response: { json: () => unknown }) =>
    json<{ error: { message: string } }>(response).error.message;
  const stages = async () =>
    json<{ stages: RepairStageDto[] }>(await call('GET', '/api/repair-stages')).stages;
  const step = async (ticket: TicketDetailDto, direction: 'forward' | 'back') => {
    const response = await call('POST', `/api/tickets/${ticket.id}/step`, {
      direction,
      expectedStatus: ticket.status,
    });
    expect(response.statusCode, response.body).toBe(200);
    return json<{ ticket: TicketDetailDto }>(response).ticket;
  };

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    staff = await ctx.loginAs('employee');
  });

  it('starts with three stages, and a ticket takes one only while «В ремонте»', async () => {
    const list = await stages();
    expect(list.map((s) => s.name)).toEqual(['Диагностика', 'Ждёт запчасть', 'Согласование']);
    const waiting = list[1]!;

    let ticket = json<{ ticket: TicketDetailDto }>(
      await call('POST', '/api/tickets', {
        title: 'Замена SSD',
        intake: 'walk_in',
        client: { mode: 'new', fullName: 'Этапов Эрик' },
      }),
    ).ticket;
    const early = await call('PATCH', `/api/tickets/${ticket.id}`, { stageId: waiting.id });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toBe(STAGE_OUTSIDE_REPAIR);

    ticket = await step(ticket, 'forward'); // in_repair
    const set = await call('PATCH', `/api/tickets/${ticket.id}`, { stageId: waiting.id });
    expect(set.statusCode, set.body).toBe(200);
    ticket = json<{ ticket: TicketDetailDto }>(set).ticket;
    expect(ticket.stageId).toBe(waiting.id);
    expect(ticket.stageSince).toBe(ctx.clock.now().toISOString());
    expect(ticket.history.find((h) => h.action === 'set_stage')).toMatchObject({
      oldValue: 'Без этапа',
      newValue: 'Ждёт запчасть',
    });

    // The worklist filters by it and says it on the row; the client reads it in plain words.
    const rows = json<{ items: { id: number; stageId: number | null }[] }>(
      await call('GET', `/api/work?stage=${waiting.id}`),
    ).items;
    expect(rows.map((r) => r.id)).toEqual([ticket.id]);
    expect(rows[0]!.stageId).toBe(waiting.id);
    const page = await ctx.app.inject({ method: 'GET', url: ticket.statusPath });
    expect(page.body).toContain('Ожидаем запчасть');

    // Deleting a stage in use is refused; the count says why.
    const remove = await call('DELETE', `/api/repair-stages/${waiting.id}`, undefined, admin);
    expect(remove.statusCode).toBe(409);
    expect(errorOf(remove)).toBe(STAGE_IN_USE_DELETE);
    expect((await stages()).find((s) => s.id === waiting.id)?.ticketCount).toBe(1);

    // Leaving «В ремонте» either way drops the stage; the spec's statuses move as ever.
    ticket = await step(ticket, 'forward');
    expect(ticket).toMatchObject({ status: 'repair_done', stageId: null, stageSince: null });
    ticket = await step(ticket, 'back');
    expect(ticket).toMatchObject({ status: 'in_repair', stageId: null });
    expect(json<{ items: unknown[] }>(await call('GET', `/api/work?stage=${waiting.id}`)).items).toEqual([]);
    const page2 = await ctx.app.inject({ method: 'GET', url: ticket.statusPath });
    expect(page2.body).not.toContain('Ожидаем запчасть');
  });

  it('admins add, rename and hide stages; a hidden one is not offered', async () => {
    const created = await call('POST', '/api/repair-stages', { name: 'Пайка', limitDays: 2 }, admin);
    expect(created.statusCode, created.body).toBe(201);
    const stage = json<{ stage: RepairStageDto }>(created).stage;
    expect(stage).toMatchObject({ publicText: '', limitDays: 2, hidden: false });
    expect((await call('POST', '/api/repair-stages', { name: 'Пайка' }, staff)).statusCode).toBe(403);
    const bad = await call('POST', '/api/repair-stages', { name: 'Х', limitDays: 0 }, admin);
    expect(errorOf(bad)).toBe('Срок на этапе: целое число дней от 1 до 365 или пусто');

    const hidden = await call('PATCH', `/api/repair-stages/${stage.id}`, { version: 1, hidden: true }, admin);
    expect(json<{ stage: RepairStageDto }>(hidden).stage.hidden).toBe(true);
    let ticket = json<{ ticket: TicketDetailDto }>(
      await call('POST', '/api/tickets', {
        title: 'Замена SSD',
        intake: 'walk_in',
        client: { mode: 'new', fullName: 'Скрытов С.' },
      }),
    ).ticket;
    ticket = await step(ticket, 'forward');
    const refused = await call('PATCH', `/api/tickets/${ticket.id}`, { stageId: stage.id });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe(UNKNOWN_STAGE);
    expect((await call('DELETE', `/api/repair-stages/${stage.id}`, undefined, admin)).statusCode).toBe(204);
  });
});
