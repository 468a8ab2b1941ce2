import { beforeAll, expect, it } from 'vitest';
import type { TicketDocument } from '../../domain/ticket-documents';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import {
  TYPE_IN_USE_DELETE,
  TYPE_IN_USE_RENAME,
  TYPE_NAME_TAKEN,
  type TicketTypeDto,
} from '../../domain/ticket-types';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

describeEachDatabase('the shop’s ticket types', (ctx) => {
  let admin: SignedIn;
  let staff: SignedIn;
  let master: SignedIn;
  const call = apiCaller(ctx, () => admin);
  const json = <T>(response: { json: () => unknown }) => response.json() as T;
  const errorOf = (response: { json: () => unknown }) =>
    json<{ error: { message: string } }>(response).error.message;

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    staff = await ctx.loginAs('employee');
    master = await ctx.register({ displayName: 'Паяльников Пётр' });
  });

  const types = async () =>
    json<{ types: TicketTypeDto[] }>(await call('GET', '/api/ticket-types', undefined, staff)).types;
  const createType = async (body: object) => {
    const response = await call('POST', '/api/ticket-types', body);
    expect(response.statusCode, response.body).toBe(201);
    return json<{ type: TicketTypeDto }>(response).type;
  };
  const newTicket = (title: string, extra: object = {}) =>
    call(
      'POST',
      '/api/tickets',
      { title, client: { mode: 'new', fullName: 'Типов Тимур' }, ...extra },
      staff,
    );

  it('starts with the spec’s three types, 30 days of warranty each, through a ПВЗ', async () => {
    expect((await types()).slice(0, 3)).toMatchObject([
      { name: 'Гарантийный ремонт', printedTitle: '', intake: 'pvz', warrantyDays: 30, hidden: false },
      { name: 'Замена видеокарты', warrantyDays: 30 },
      { name: 'Замена SSD', warrantyDays: 30 },
    ]);
  });

  it('a new type gives its tickets its route, warranty, assignee and printed title', async () => {
    const paid = await createType({
      name: 'Платный ремонт',
      printedTitle: 'Ремонт за счёт клиента',
      intake: 'walk_in',
      warrantyDays: 90,
      defaultAssigneeId: master.user.id,
    });
    expect(paid).toMatchObject({ hidden: false, ticketCount: 0, version: 1 });

    const created = await newTicket('Платный ремонт');
    expect(created.statusCode, created.body).toBe(201);
    const ticket = json<{ ticket: TicketDetailDto }>(created).ticket;
    expect(ticket).toMatchObject({ intake: 'walk_in', warrantyDays: 90, assigneeId: master.user.id });
    // The form's own choices win over the type's.
    const chosen = json<{ ticket: TicketDetailDto }>(
      await newTicket('Платный ремонт', { intake: 'pvz', assigneeId: null }),
    ).ticket;
    expect(chosen).toMatchObject({ intake: 'pvz', assigneeId: null });

    const receipt = json<{ document: TicketDocument }>(
      await call('GET', `/api/tickets/${ticket.id}/documents/receipt`, undefined, staff),
    ).document;
    const typeField = receipt.sections.flatMap((s) => s.fields).find((f) => f.label === 'Тип заявки');
    expect(typeField?.value).toBe('Ремонт за счёт клиента');
    expect((await types()).find((t) => t.id === paid.id)?.ticketCount).toBe(2);
  });

  it('refuses a second type of the same name, in any case', async () => {
    const again = await call('POST', '/api/ticket-types', { name: 'замена ssd', warrantyDays: 10 });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(TYPE_NAME_TAKEN);
  });

  it('answers bad input in Russian', async () => {
    const cases: [object, string][] = [
      [{ name: '  ', warrantyDays: 30 }, 'Укажите название типа'],
      [{ name: 'Чистка', warrantyDays: -1 }, 'Гарантия: целое число дней от 0 до 3650'],
      [{ name: 'Чистка', warrantyDays: 1.5 }, 'Гарантия: целое число дней от 0 до 3650'],
      [{ name: 'Чистка', warrantyDays: 30, intake: 'courier' }, 'Укажите, как обычно принимают аппарат'],
      [{ name: 'Чистка', warrantyDays: 30, defaultAssigneeId: 999999 }, 'Исполнитель не найден или отключён'],
    ];
    for (const [body, message] of cases) {
      const response = await call('POST', '/api/ticket-types', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response)).toBe(message);
    }
  });

  it('keeps the name of a type in use, renames an unused one, and checks versions', async () => {
    const used = (await types()).find((t) => t.name === 'Замена SSD')!;
    expect((await newTicket('Замена SSD')).statusCode).toBe(201);
    const rename = await call('PATCH', `/api/ticket-types/${used.id}`, {
      version: used.version,
      name: 'SSD',
    });
    expect(rename.statusCode).toBe(409);
    expect(errorOf(rename)).toBe(TYPE_IN_USE_RENAME);
    const printed = await call('PATCH', `/api/ticket-types/${used.id}`, {
      version: used.version,
      printedTitle: 'Замена накопителя SSD',
    });
    expect(printed.statusCode, printed.body).toBe(200);
    const stale = await call('PATCH', `/api/ticket-types/${used.id}`, {
      version: used.version,
      warrantyDays: 5,
    });
    expect(stale.statusCode).toBe(409);

    const fresh = await createType({ name: 'Чистка от пыли', warrantyDays: 14 });
    const renamed = await call('PATCH', `/api/ticket-types/${fresh.id}`, {
      version: fresh.version,
      name: 'Чистка',
    });
    expect(json<{ type: TicketTypeDto }>(renamed).type).toMatchObject({ name: 'Чистка', version: 2 });
  });

  it('hides a type in use instead of deleting it; its tickets keep it', async () => {
    const type = await createType({ name: 'Прошивка', warrantyDays: 0 });
    const ticket = json<{ ticket: TicketDetailDto }>(await newTicket('Прошивка')).ticket;
    expect(ticket.warrantyDays).toBe(0);

    const removed = await call('DELETE', `/api/ticket-types/${type.id}`);
    expect(removed.statusCode).toBe(409);
    expect(errorOf(removed)).toBe(TYPE_IN_USE_DELETE);

    const hidden = await call('PATCH', `/api/ticket-types/${type.id}`, {
      version: type.version,
      hidden: true,
    });
    expect(json<{ type: TicketTypeDto }>(hidden).type.hidden).toBe(true);
    const refused = await newTicket('Прошивка');
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe('Выберите тип заявки');
    // Its ticket still reads it and edits other fields; retyping to it is refused.
    const edit = await call('PATCH', `/api/tickets/${ticket.id}`, { description: 'Прошить' }, staff);
    expect(edit.statusCode, edit.body).toBe(200);
    const other = json<{ ticket: TicketDetailDto }>(await newTicket('Замена видеокарты')).ticket;
    const retype = await call('PATCH', `/api/tickets/${other.id}`, { title: 'Прошивка' }, staff);
    expect(retype.statusCode).toBe(400);

    const unused = await createType({ name: 'Временный', warrantyDays: 1 });
    expect((await call('DELETE', `/api/ticket-types/${unused.id}`)).statusCode).toBe(204);
    expect((await types()).some((t) => t.id === unused.id)).toBe(false);
  });

  it('retyping a ticket brings the new type’s warranty, in history', async () => {
    await createType({ name: 'Замена экрана', warrantyDays: 180 });
    const ticket = json<{ ticket: TicketDetailDto }>(await newTicket('Гарантийный ремонт')).ticket;
    const retyped = json<{ ticket: TicketDetailDto }>(
      await call('PATCH', `/api/tickets/${ticket.id}`, { title: 'Замена экрана' }, staff),
    ).ticket;
    expect(retyped).toMatchObject({ title: 'Замена экрана', warrantyDays: 180 });
    expect(retyped.history.find((h) => h.action === 'set_warranty_days')).toMatchObject({
      oldValue: '30 дней',
      newValue: '180 дней',
    });
  });

  it('a type deleted while tickets of it are created: never a ticket of a deleted type', async () => {
    const type = await createType({ name: 'Гонка', warrantyDays: 7 });
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => newTicket('Гонка')),
      call('DELETE', `/api/ticket-types/${type.id}`),
    ]);
    const deleted = answers.at(-1)!.statusCode === 204;
    const created = answers.slice(0, -1).filter((a) => a.statusCode === 201).length;
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    const listed = await types();
    if (deleted) {
      expect(listed.some((t) => t.id === type.id)).toBe(false);
      const left = json<{ items: TicketDetailDto[] }>(
        await call('GET', '/api/tickets?q=Гонка', undefined, staff),
      );
      expect(left.items.filter((t) => t.title === 'Гонка')).toHaveLength(0);
      expect(created).toBe(0);
    } else {
      expect(listed.find((t) => t.id === type.id)?.ticketCount).toBe(created);
      expect(created).toBeGreaterThan(0);
    }
  });
});
