import { beforeAll, expect, it } from 'vitest';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { insertItems, type RawItem } from '../test/insert-items';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// Issue 21: CSV that Russian Excel opens as is — BOM, `;`, dd.mm.yyyy — with the filters on
// screen, every page of the list, on both databases.

/** The rows of a CSV body (no quoted line breaks in these tests), BOM checked and removed. */
function rowsOf(body: string): string[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(1, -2).split('\r\n');
}

describeEachDatabase('CSV export', (ctx) => {
  let staff: SignedIn;
  const call = apiCaller(ctx, () => staff);
  let ticket: TicketDetailDto;

  beforeAll(async () => {
    await ctx.loginAs('admin');
    staff = await ctx.register({ displayName: 'Выгрузкин Виктор' });
    const created = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      client: { mode: 'new', fullName: 'Иванов; "Иван"', phone: '+7 999 123-45-67' },
      dueDate: '2026-12-01',
      device: '=HYPERLINK("x")',
    });
    expect(created.statusCode, created.body).toBe(201);
    ticket = created.json<{ ticket: TicketDetailDto }>().ticket;
    // More than one page (100 rows) of tasks.
    const tasks: RawItem[] = Array.from({ length: 230 }, (_, i) => ({
      kind: 'task',
      status: i % 10 === 0 ? 'closed' : 'new',
      title: `Выгрузка ${String(i).padStart(3, '0')}`,
      dueDate: i % 2 ? '2026-11-30' : null,
      createdAt: `2026-11-${String(1 + (i % 20)).padStart(2, '0')}T10:00:00.000Z`,
      closedAt: i % 10 === 0 ? '2026-11-21T10:00:00.000Z' : null,
    }));
    await insertItems(ctx.database.db, tasks);
  });

  it('the worklist with its filters: every page, BOM, ; and Russian dates', async () => {
    const response = await call('GET', '/api/export/work.csv?q=Выгрузка&states=new,in_progress,closed');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="zadachi-2026-11-22.csv"');
    const rows = rowsOf(response.body);
    expect(rows[0]).toBe(
      'Тип;Номер;Название;Клиент;Телефон клиента;Устройство;Исполнитель;Статус;Срок;Создано;Закрыто',
    );
    expect(rows).toHaveLength(1 + 230);
    const task = rows.find((row) => row.includes('Выгрузка 001'));
    expect(task).toMatch(/^Задача;#\d+;Выгрузка 001;;;;;Новая;30\.11\.2026;02\.11\.2026 13:00;$/);
    const closed = rows.find((row) => row.includes('Выгрузка 010'));
    expect(closed).toMatch(/;Закрыта;;11\.11\.2026 13:00;21\.11\.2026 13:00$/);
    // Without Закрытые: the default states.
    expect(rowsOf((await call('GET', '/api/export/work.csv?q=Выгрузка')).body)).toHaveLength(1 + 207);
  });

  it('tickets: quoted names, a phone as it is, a formula kept from running', async () => {
    const response = await call('GET', `/api/export/tickets.csv?status=new`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = rowsOf(response.body);
    expect(rows[0]).toBe(
      'Номер;Название;Клиент;Телефон клиента;Как принят;Устройство;Серийный номер;Исполнитель;Статус;Служба доставки;Служба возврата;Срок;Создано;Закрыто',
    );
    expect(rows[1]).toBe(
      `#${ticket.id};Замена SSD;"Иванов; ""Иван""";+7 999 123-45-67;Через ПВЗ;"'=HYPERLINK(""x"")";;;Новая;;;01.12.2026;22.11.2026 12:00;`,
    );
    expect(rowsOf((await call('GET', '/api/export/tickets.csv?status=closed')).body)).toHaveLength(1);
  });

  it('tasks and clients; a bad filter is refused in Russian; signed out is refused', async () => {
    const tasks = rowsOf((await call('GET', '/api/export/tasks.csv?status=closed')).body);
    expect(tasks[0]).toBe('Номер;Название;Описание;Клиент;Исполнитель;Статус;Служба;Срок;Создано;Закрыто');
    expect(tasks).toHaveLength(1 + 23);
    expect(tasks.slice(1).every((row) => /^#\d+;Выгрузка \d{3};/.test(row))).toBe(true);
    const clients = rowsOf((await call('GET', '/api/export/clients.csv')).body);
    expect(clients).toEqual([
      'ФИО;Телефон;Гарантия;Адрес;Комментарий;Создан',
      '"Иванов; ""Иван""";+7 999 123-45-67;;;;22.11.2026 12:00',
    ]);
    const bad = await call('GET', '/api/export/tickets.csv?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Неизвестный статус');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/export/work.csv' })).statusCode).toBe(401);
  });
});
