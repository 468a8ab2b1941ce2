import readXlsxFile from 'read-excel-file/node';
import { beforeAll, expect, it } from 'vitest';
import {
  PAY_ALREADY_PAID,
  PAY_CHANGED,
  PAY_CORRECTION_FOR_MONTH,
  PAY_CORRECTION_INTO_PAID,
  PAY_OWN,
  PAY_MONTH_NOT_OVER,
  type PayStatementDto,
} from '../../domain/pay';
import type { PartDto } from '../../domain/stock';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

/**
 * Issue 53: a master's pay over a known month, worked by hand. The rule: 50 % of works, 10 % of
 * margin, 200 ₽ a repair, 10 000 ₽ a month.
 * - A: a work of 2 000 ₽ and a screen at 3 000 ₽ that cost 1 000 ₽ — works 2 000, margin 4 000:
 *   1 000 + 400 + 200 = 1 600 ₽.
 * - B: no lines — 200 ₽.
 * - C: closed by the owner — not the master's.
 * November: 1 600 + 200 + 10 000 = 11 800 ₽.
 */
describeEachDatabase('technician pay', (ctx) => {
  let owner: SignedIn;
  let master: SignedIn;
  const call = apiCaller(ctx, () => owner);
  const errorOf = (response: { json: () => unknown }) =>
    (response.json() as { error: { message: string } }).error.message;
  const statementOf = (response: { json: () => unknown }) =>
    (response.json() as { statement: PayStatementDto }).statement;
  const read = async (month: string) => {
    const response = await call('GET', `/api/pay/statements/${master.user.id}?month=${month}`);
    expect(response.statusCode, response.body).toBe(200);
    return statementOf(response);
  };
  const markPaid = (month: string, expectedTotal: number) =>
    call('POST', `/api/pay/statements/${master.user.id}/paid`, { month, expectedTotal });
  const step = async (ticket: TicketDetailDto) => {
    const response = await call('POST', `/api/tickets/${ticket.id}/step`, {
      direction: 'forward',
      expectedStatus: ticket.status,
      repairSummary: 'Сделано',
      onCredit: 'Оплатит позже',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ ticket: TicketDetailDto }>().ticket;
  };
  const closedTicket = async (assigneeId: number, lines: Record<string, unknown>[]) => {
    const created = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      intake: 'walk_in',
      client: { mode: 'new', fullName: 'Зарплатов Захар' },
      assigneeId,
    });
    expect(created.statusCode, created.body).toBe(201);
    let ticket = created.json<{ ticket: TicketDetailDto }>().ticket;
    for (const line of lines) {
      const added = await call('POST', `/api/tickets/${ticket.id}/lines`, line);
      expect(added.statusCode, added.body).toBe(201);
    }
    for (let i = 0; i < 4; i += 1) ticket = await step(ticket);
    expect(ticket.status).toBe('closed');
    return ticket;
  };
  let a: TicketDetailDto;

  beforeAll(async () => {
    owner = await ctx.loginAs('admin');
    master = await ctx.loginAs('master');
    const part = await call('POST', '/api/parts', { name: 'Экран Z', price: 300000 });
    const screen = part.json<{ part: PartDto }>().part;
    await call('POST', '/api/stock/receipts', {
      lines: [{ partId: screen.id, quantity: 2, cost: 100000 }],
      note: '',
    });
    const rule = await call('PUT', `/api/pay/rules/${master.user.id}`, {
      worksShare: 5000,
      marginShare: 1000,
      perRepair: 20000,
      salary: 1000000,
    });
    expect(rule.statusCode, rule.body).toBe(200);
    a = await closedTicket(master.user.id, [
      { kind: 'work', name: 'Замена', price: 200000 },
      { kind: 'part', name: screen.name, partId: screen.id, price: 300000 },
    ]);
    await closedTicket(master.user.id, []);
    await closedTicket(owner.user.id, [{ kind: 'work', name: 'Чужая', price: 100000 }]);
  });

  it('a month’s statement lists each repair that earned, the salary and the total', async () => {
    const november = await read('2026-11');
    expect(november.repairs.map((line) => [line.works, line.margin, line.earned])).toEqual([
      [200000, 400000, 160000],
      [0, 0, 20000],
    ]);
    expect(november).toMatchObject({ salary: 1000000, total: 1180000, paid: null, changedSincePaid: 0 });
  });

  it('pays a month once, as seen, and never rewrites it: a later change is paid as a correction', async () => {
    const stale = await markPaid('2026-11', 1170000);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toBe(PAY_CHANGED);
    expect(errorOf(await markPaid('2026-12', 1000000))).toBe(PAY_MONTH_NOT_OVER);

    const [first, second] = await Promise.all([markPaid('2026-11', 1180000), markPaid('2026-11', 1180000)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(errorOf(first.statusCode === 409 ? first : second)).toBe(PAY_ALREADY_PAID);

    // The old repair is reopened, gets another work of 1 000 ₽ and closes again; the rule changes.
    const reopen = await call('POST', `/api/tickets/${a.id}/reopen`, { reason: 'Доделать' });
    expect(reopen.statusCode, reopen.body).toBe(200);
    let reopened = reopen.json<{ ticket: TicketDetailDto }>().ticket;
    const added = await call('POST', `/api/tickets/${a.id}/lines`, {
      kind: 'work',
      name: 'Ещё',
      price: 100000,
    });
    expect(added.statusCode, added.body).toBe(201);
    reopened = await step(reopened);
    expect(reopened.status).toBe('closed');
    await call('PUT', `/api/pay/rules/${master.user.id}`, {
      worksShare: 0,
      marginShare: 0,
      perRepair: 0,
      salary: 500000,
    });

    const paid = await read('2026-11');
    expect(paid.total).toBe(1180000);
    expect(paid.repairs[0]).toMatchObject({ works: 200000, margin: 400000, earned: 160000 });
    expect(paid.rule).toEqual({ worksShare: 5000, marginShare: 1000, perRepair: 20000, salary: 1000000 });
    // Works +1 000 ₽ (50 %: 500 ₽) and margin +1 000 ₽ (10 %: 100 ₽), by the rule it was paid at.
    expect(paid.changedSincePaid).toBe(60000);

    // «За месяц» names a paid month before the one it goes into.
    const notPaid = await call('POST', `/api/pay/statements/${master.user.id}/corrections`, {
      month: '2026-12',
      amount: 1000,
      reason: 'Премия',
      forMonth: '2026-10',
    });
    expect(notPaid.statusCode).toBe(400);
    expect(errorOf(notPaid)).toBe(PAY_CORRECTION_FOR_MONTH);
    const into = await call('POST', `/api/pay/statements/${master.user.id}/corrections`, {
      month: '2026-11',
      amount: 60000,
      reason: 'Доплата по #' + a.id,
    });
    expect(into.statusCode).toBe(409);
    expect(errorOf(into)).toBe(PAY_CORRECTION_INTO_PAID);
    const corrected = await call('POST', `/api/pay/statements/${master.user.id}/corrections`, {
      month: '2026-12',
      amount: 60000,
      reason: `Доплата по #${a.id}`,
      forMonth: '2026-11',
    });
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(statementOf(corrected)).toMatchObject({
      month: '2026-12',
      salary: 500000,
      total: 560000,
      paid: null,
    });
    expect((await read('2026-11')).changedSincePaid).toBe(0);
  });

  it('a statement downloads as .xlsx; the master reads only their own', async () => {
    const file = await call('GET', `/api/pay/statements/${master.user.id}/export?month=2026-11&format=xlsx`);
    expect(file.statusCode, file.body).toBe(200);
    const [sheet] = await readXlsxFile(file.rawPayload);
    expect(sheet!.data.at(-1)).toEqual(['Итого', null, null, null, null, 11800]);
    expect(sheet!.data.at(-2)).toEqual(['Оклад', null, null, null, null, 10000]);

    const mine = await call('GET', '/api/pay/mine?month=2026-11', undefined, master);
    expect(mine.statusCode).toBe(200);
    expect(statementOf(mine).total).toBe(1180000);
    // Paid a share of margin, the master sees each repair's margin; without one, nobody does.
    expect(statementOf(mine).repairs[0]!.margin).toBe(400000);
    const ownersOwn = statementOf(await call('GET', '/api/pay/mine?month=2026-11'));
    expect(ownersOwn.repairs.map((line) => [line.works, line.margin])).toEqual([[100000, 0]]);
    const ownersAsKept = statementOf(await call('GET', `/api/pay/statements/${owner.user.id}?month=2026-11`));
    expect(ownersAsKept.repairs.map((line) => line.margin)).toEqual([100000]);

    // Someone allowed to see pay, a master among them, still may not approve their own.
    const grant = await call('PUT', '/api/roles/permission', {
      role: 'master',
      permission: 'pay',
      allowed: true,
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const own = await call(
      'PUT',
      `/api/pay/rules/${master.user.id}`,
      { worksShare: 10000, marginShare: 0, perRepair: 0, salary: 0 },
      master,
    );
    expect(own.statusCode).toBe(403);
    expect(errorOf(own)).toBe(PAY_OWN);
    expect(
      (await call('GET', `/api/pay/statements/${owner.user.id}?month=2026-11`, undefined, master)).statusCode,
    ).toBe(200);
    await call('PUT', '/api/roles/permission', { role: 'master', permission: 'pay', allowed: false });
    const others = await call('GET', `/api/pay/statements/${owner.user.id}?month=2026-11`, undefined, master);
    expect(others.statusCode).toBe(403);
    const bad = await call('GET', `/api/pay/statements/${master.user.id}?month=2026-13`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe('Месяц: в виде ГГГГ-ММ');
  });
});
