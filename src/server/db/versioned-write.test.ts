import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type SignedIn } from '../test/test-app';

type Entity = 'clients' | 'tickets' | 'tasks';
type Record = { id: number; version: number } & { [field: string]: unknown };

/** For each kind of record: how to make one, and two fields people edit. */
const KINDS: {
  entity: Entity;
  key: 'client' | 'ticket' | 'task';
  create: object;
  field: string;
  label: string;
  other: string;
}[] = [
  {
    entity: 'clients',
    key: 'client',
    create: { fullName: 'Версионный Клиент' },
    field: 'comment',
    label: 'Комментарий',
    other: 'address',
  },
  {
    entity: 'tickets',
    key: 'ticket',
    create: { title: 'Замена SSD', client: { mode: 'new', fullName: 'Версионный Заявитель' } },
    field: 'description',
    label: 'Описание',
    other: 'repairSummary',
  },
  {
    entity: 'tasks',
    key: 'task',
    create: { title: 'Версионная задача' },
    field: 'description',
    label: 'Описание',
    other: 'title',
  },
];

describeEachDatabase('edits carry a version', (ctx) => {
  let anna: SignedIn;
  let boris: SignedIn;
  beforeAll(async () => {
    anna = await ctx.loginAs('employee');
    boris = await ctx.register({ displayName: 'Борисов Борис' });
  });

  const call = (who: SignedIn, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie: who.cookie, 'x-requested-with': 'fetch' },
      ...(payload ? { payload } : {}),
    });

  for (const kind of KINDS) {
    const create = async (): Promise<Record> => {
      const response = await call(anna, 'POST', `/api/${kind.entity}`, kind.create);
      expect(response.statusCode, response.body).toBe(201);
      return response.json()[kind.key];
    };
    const patch = (who: SignedIn, id: number, body: object) =>
      call(who, 'PATCH', `/api/${kind.entity}/${id}`, body);

    it(`${kind.key}: a save without a version is refused in Russian`, async () => {
      const record = await create();
      const response = await patch(anna, record.id, { [kind.field]: 'без версии' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/Обновите страницу/);
    });

    it(`${kind.key}: every change raises the version; a save that changes nothing does not`, async () => {
      const record = await create();
      expect(record.version).toBe(1);
      const first = await patch(anna, record.id, { [kind.field]: 'один', version: 1 });
      expect(first.json()[kind.key].version).toBe(2);
      const same = await patch(anna, record.id, { [kind.field]: 'один', version: 2 });
      expect(same.json()[kind.key].version).toBe(2);
    });

    it(`${kind.key}: a stale save of a field someone else changed gets 409 with who and the current value`, async () => {
      const record = await create();
      expect((await patch(boris, record.id, { [kind.field]: 'Бориса', version: 1 })).statusCode).toBe(200);
      const stale = await patch(anna, record.id, { [kind.field]: 'Анны', version: 1 });
      expect(stale.statusCode).toBe(409);
      const body = stale.json();
      expect(body.error.message).toBe(`Поле «${kind.label}» изменил(а) Борисов Борис`);
      expect(body.conflicts).toEqual([{ field: kind.field, label: kind.label, changedBy: 'Борисов Борис' }]);
      expect(body[kind.key][kind.field]).toBe('Бориса');
      expect(body[kind.key].version).toBe(2);
      // Put back one's own: a save based on the version just seen wins.
      const mine = await patch(anna, record.id, { [kind.field]: 'Анны', version: 2 });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()[kind.key][kind.field]).toBe('Анны');
    });

    it(`${kind.key}: a stale save of a different field merges silently`, async () => {
      const record = await create();
      await patch(boris, record.id, { [kind.field]: 'Бориса', version: 1 });
      const other = await patch(anna, record.id, { [kind.other]: 'Анны другое поле', version: 1 });
      expect(other.statusCode, other.body).toBe(200);
      expect(other.json()[kind.key]).toMatchObject({
        [kind.field]: 'Бориса',
        [kind.other]: 'Анны другое поле',
        version: 3,
      });
    });

    it(`${kind.key}: one's own earlier change is not a conflict (a second tab, a resent edit)`, async () => {
      const record = await create();
      await patch(anna, record.id, { [kind.field]: 'раз', version: 1 });
      const again = await patch(anna, record.id, { [kind.field]: 'два', version: 1 });
      expect(again.statusCode).toBe(200);
    });

    it(`${kind.key}: 25 pairs of people saving the same field at once: one wins, the other is told`, async () => {
      for (let pair = 0; pair < 25; pair++) {
        const record = await create();
        const [a, b] = await Promise.all([
          patch(anna, record.id, { [kind.field]: `Анна ${pair}`, version: 1 }),
          patch(boris, record.id, { [kind.field]: `Борис ${pair}`, version: 1 }),
        ]);
        const statuses = [a.statusCode, b.statusCode].sort();
        expect(statuses, `${a.body} / ${b.body}`).toEqual([200, 409]);
        const winner = a.statusCode === 200 ? `Анна ${pair}` : `Борис ${pair}`;
        const now = (await call(anna, 'GET', `/api/${kind.entity}/${record.id}`)).json()[kind.key];
        expect(now[kind.field]).toBe(winner);
        expect(now.version).toBe(2);
      }
    });

    it(`${kind.key}: people saving different fields at once both land`, async () => {
      for (let pair = 0; pair < 10; pair++) {
        const record = await create();
        const [a, b] = await Promise.all([
          patch(anna, record.id, { [kind.field]: `Анна ${pair}`, version: 1 }),
          patch(boris, record.id, { [kind.other]: `Борис ${pair}`, version: 1 }),
        ]);
        expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
        const now = (await call(anna, 'GET', `/api/${kind.entity}/${record.id}`)).json()[kind.key];
        expect(now).toMatchObject({
          [kind.field]: `Анна ${pair}`,
          [kind.other]: `Борис ${pair}`,
          version: 3,
        });
      }
    });
  }

  it('ticket: a provider cleared while the ticket steps past its guard never leaves the step unguarded', async () => {
    for (let round = 0; round < 20; round++) {
      const created = (
        await call(anna, 'POST', '/api/tickets', {
          title: 'Гарантийный ремонт',
          client: { mode: 'new', fullName: `Гонка ${round}` },
        })
      ).json().ticket as Record;
      const id = created.id;
      await call(anna, 'POST', `/api/tickets/${id}/step`, { direction: 'forward', expectedStatus: 'new' });
      const withProvider = (
        await call(anna, 'PATCH', `/api/tickets/${id}`, { deliveryProvider: 'ozon', version: 2 })
      ).json().ticket as Record;
      await Promise.all([
        call(anna, 'POST', `/api/tickets/${id}/step`, {
          direction: 'forward',
          expectedStatus: 'delivery_requested',
        }),
        call(boris, 'PATCH', `/api/tickets/${id}`, { deliveryProvider: null, version: withProvider.version }),
      ]);
      const now = (await call(anna, 'GET', `/api/tickets/${id}`)).json().ticket;
      if (now.status === 'at_pvz') expect(now.deliveryProvider).toBe('ozon');
      else expect(now).toMatchObject({ status: 'delivery_requested', deliveryProvider: null });
    }
  });

  it('ticket: a return provider cleared while the ticket steps to «Отнести в ПВЗ» never leaves it unguarded', async () => {
    for (let round = 0; round < 15; round++) {
      const created = (
        await call(anna, 'POST', '/api/tickets', {
          title: 'Замена SSD',
          client: { mode: 'new', fullName: `Возврат ${round}` },
        })
      ).json().ticket as Record;
      const id = created.id;
      const step = (expectedStatus: string) =>
        call(anna, 'POST', `/api/tickets/${id}/step`, { direction: 'forward', expectedStatus });
      await step('new');
      const version = (await call(anna, 'GET', `/api/tickets/${id}`)).json().ticket.version;
      await call(anna, 'PATCH', `/api/tickets/${id}`, { deliveryProvider: 'wb', version });
      for (const status of ['delivery_requested', 'at_pvz', 'in_repair']) await step(status);
      const ready = (await call(anna, 'GET', `/api/tickets/${id}`)).json().ticket;
      expect(ready.status).toBe('repair_done');
      const withReturn = (
        await call(anna, 'PATCH', `/api/tickets/${id}`, { returnProvider: 'cdek', version: ready.version })
      ).json().ticket as Record;
      await Promise.all([
        step('repair_done'),
        call(boris, 'PATCH', `/api/tickets/${id}`, { returnProvider: null, version: withReturn.version }),
      ]);
      const now = (await call(anna, 'GET', `/api/tickets/${id}`)).json().ticket;
      if (now.status === 'to_pvz') expect(now.returnProvider).toBe('cdek');
      else expect(now).toMatchObject({ status: 'repair_done', returnProvider: null });
    }
  });
});
