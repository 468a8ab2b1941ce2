import { beforeAll, expect, it } from 'vitest';
import { bucketStarts, type TakingsReportDto } from '../../domain/reports';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';
import { readTakingsReport } from './takings-report';

/**
 * Issue 53: the takings report over a known set of payments, every figure worked out by hand.
 * The shop is in Москва (UTC+3): a payment at 21:00 UTC belongs to the next day.
 */
describeEachDatabase('the takings report', (ctx) => {
  let owner: SignedIn;
  const call = apiCaller(ctx, () => owner);
  const report = async (query: string, who?: SignedIn) => {
    const response = await call('GET', `/api/reports/takings?${query}`, undefined, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ report: TakingsReportDto }>().report;
  };

  beforeAll(async () => {
    owner = await ctx.loginAs('admin');
    const ticket = async (title: string) =>
      (
        await call('POST', '/api/tickets', {
          title,
          intake: 'walk_in',
          client: { mode: 'new', fullName: `Отчётов ${title}` },
        })
      ).json<{ ticket: { id: number } }>().ticket.id;
    const warranty = await ticket('Гарантийный ремонт');
    const ssd = await ticket('Замена SSD');
    const pay = (
      at: string,
      kind: string,
      method: string,
      amount: number,
      ticketId: number | null,
      who: string,
    ) => ({
      created_at: at,
      kind,
      method,
      amount,
      ticket_id: ticketId,
      user_name: who,
      user_id: null,
      shift_id: null,
    });
    await ctx.database.db
      .insertInto('payments')
      .values([
        pay('2026-02-28T20:59:00.000Z', 'payment', 'cash', 100000, warranty, 'Борис'), // 23:59 on 28.02: before
        pay('2026-02-28T21:00:00.000Z', 'payment', 'cash', 50000, warranty, 'Борис'), // 00:00 on 01.03
        pay('2026-03-02T10:00:00.000Z', 'payment', 'card', 30000, ssd, 'Анна'),
        pay('2026-03-02T12:00:00.000Z', 'refund', 'cash', 5000, warranty, 'Борис'),
        pay('2026-03-15T09:00:00.000Z', 'payment', 'card', 10000, null, 'Анна'), // its repair purged
        pay('2026-03-31T20:59:59.000Z', 'payment', 'transfer', 20000, ssd, 'Борис'), // 23:59:59 on 31.03
        pay('2026-03-31T21:00:00.000Z', 'payment', 'cash', 70000, ssd, 'Борис'), // 00:00 on 01.04: after
      ])
      .execute();
  });

  it('March by day: the shop’s days, by method, by type, by person', async () => {
    const march = await report('from=2026-03-01&to=2026-03-31&step=day');
    expect(march.total).toEqual({ taken: 110000, refunded: 5000 });
    expect(march.buckets).toHaveLength(31);
    expect(march.buckets.filter((b) => b.taken || b.refunded)).toEqual([
      { start: '2026-03-01', taken: 50000, refunded: 0 },
      { start: '2026-03-02', taken: 30000, refunded: 5000 },
      { start: '2026-03-15', taken: 10000, refunded: 0 },
      { start: '2026-03-31', taken: 20000, refunded: 0 },
    ]);
    expect(march.byMethod).toEqual([
      { method: 'cash', taken: 50000, refunded: 5000 },
      { method: 'card', taken: 40000, refunded: 0 },
      { method: 'transfer', taken: 20000, refunded: 0 },
    ]);
    // The largest net first.
    expect(march.byType).toEqual([
      { type: 'Замена SSD', taken: 50000, refunded: 0 },
      { type: 'Гарантийный ремонт', taken: 50000, refunded: 5000 },
      { type: '—', taken: 10000, refunded: 0 },
    ]);
    expect(march.byPerson).toEqual([
      { person: 'Борис', taken: 70000, refunded: 5000 },
      { person: 'Анна', taken: 40000, refunded: 0 },
    ]);
  });

  it('by week (Monday first) and by month, the same total', async () => {
    const weeks = await report('from=2026-03-01&to=2026-03-31&step=week');
    // 01.03.2026 is a Sunday: its week began on Monday 23.02.
    expect(weeks.buckets.map((b) => [b.start, b.taken - b.refunded])).toEqual([
      ['2026-02-23', 50000],
      ['2026-03-02', 25000],
      ['2026-03-09', 10000],
      ['2026-03-16', 0],
      ['2026-03-23', 0],
      ['2026-03-30', 20000],
    ]);
    const months = await report('from=2026-02-01&to=2026-04-30&step=month');
    expect(months.buckets).toEqual([
      { start: '2026-02-01', taken: 100000, refunded: 0 },
      { start: '2026-03-01', taken: 110000, refunded: 5000 },
      { start: '2026-04-01', taken: 70000, refunded: 0 },
    ]);
  });

  it('a zone whose midnight is not on the hour still puts each payment in its own day', async () => {
    // Asia/Kolkata is UTC+5:30: 18:29 UTC is 23:59 on 28.02, 18:30 UTC (none here) would be 00:00.
    const kolkata = await readTakingsReport(
      ctx.database.db,
      { from: '2026-03-01', to: '2026-03-01', step: 'day' },
      'Asia/Kolkata',
    );
    // 28.02 20:59 and 21:00 UTC are both 01.03 in Kolkata (02:29, 02:30).
    expect(kolkata.total).toEqual({ taken: 150000, refunded: 0 });
  });

  it('refuses a period turned round, longer than a year, or a step it does not know — in Russian', async () => {
    for (const query of [
      'from=2026-03-31&to=2026-03-01',
      'from=2025-01-01&to=2026-03-01',
      'from=2026-03-01&to=2026-03-31&step=hour',
      'from=01.03.2026&to=2026-03-31',
    ]) {
      const response = await call('GET', `/api/reports/takings?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message).toMatch(/Период|Шаг/);
    }
    expect(bucketStarts('2024-02-28', '2024-03-01', 'day')).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });

  it('is refused to a role without «Отчёты»', async () => {
    const master = await ctx.loginAs('master');
    const response = await call(
      'GET',
      '/api/reports/takings?from=2026-03-01&to=2026-03-31',
      undefined,
      master,
    );
    expect(response.statusCode).toBe(403);
  });
});
