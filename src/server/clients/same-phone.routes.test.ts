import { beforeAll, expect, it } from 'vitest';
import type { ClientDto } from '../../domain/client-schemas';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';
import { SAME_PHONE_MESSAGE } from './same-phone-guard';

// One client per person (issue 49): a new client whose phone is already in the directory is
// refused — from the new-client form and from a ticket's intake — unless the person confirmed
// it is someone else with the same number.

describeEachDatabase('one client per phone', (ctx) => {
  let staff: SignedIn;
  const call = apiCaller(ctx, () => staff);
  const count = async (table: 'clients' | 'tickets') =>
    Number(
      (
        await ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    staff = await ctx.loginAs('employee');
  });

  it('refuses a twin from the new-client form and from intake, however the phone is typed', async () => {
    const first = await call('POST', '/api/clients', {
      fullName: 'Телефонов Тарас',
      phone: '+7 (912) 700-00-01',
      despiteSamePhone: false,
    });
    expect(first.statusCode, first.body).toBe(201);
    const original = (first.json() as { client: ClientDto }).client;
    const [clients, tickets] = [await count('clients'), await count('tickets')];

    const twin = await call('POST', '/api/clients', {
      fullName: 'Телефонов Т.',
      phone: '8 912 700 00 01',
      despiteSamePhone: false,
    });
    expect(twin.statusCode).toBe(409);
    const body = twin.json() as { error: { message: string }; samePhone: ClientDto[] };
    expect(body.error.message).toBe(SAME_PHONE_MESSAGE);
    expect(body.samePhone.map((c) => c.id)).toEqual([original.id]);

    const intake = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      client: { mode: 'new', fullName: 'Телефонов Т.', phone: '89127000001', despiteSamePhone: false },
    });
    expect(intake.statusCode).toBe(409);
    expect(await count('clients')).toBe(clients);
    expect(await count('tickets')).toBe(tickets);

    // «Это другой человек с тем же телефоном»: confirmed, the new client is made.
    const family = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      client: { mode: 'new', fullName: 'Телефонова Тамара', phone: '89127000001', despiteSamePhone: true },
    });
    expect(family.statusCode, family.body).toBe(201);
    expect(await count('clients')).toBe(clients + 1);
  });

  it('a client in the Корзина does not count; no phone is never a twin', async () => {
    const gone = (
      await call('POST', '/api/clients', { fullName: 'Ушедший Ульян', phone: '8 912 700-00-02' })
    ).json() as { client: ClientDto };
    await call('DELETE', `/api/clients/${gone.client.id}`);
    const again = await call('POST', '/api/clients', {
      fullName: 'Новый Ульян',
      phone: '8 912 700-00-02',
      despiteSamePhone: false,
    });
    expect(again.statusCode, again.body).toBe(201);
    for (const name of ['Безномеров А.', 'Безномеров Б.']) {
      const none = await call('POST', '/api/clients', { fullName: name, phone: '', despiteSamePhone: false });
      expect(none.statusCode).toBe(201);
    }
  });

  it('two intakes of the same new phone at once make one client, the other is told', async () => {
    const answers = await Promise.all(
      ['Гонкин А.', 'Гонкин Б.', 'Гонкин В.'].map((fullName) =>
        call('POST', '/api/tickets', {
          title: 'Замена SSD',
          client: { mode: 'new', fullName, phone: '8 912 700-00-03', despiteSamePhone: false },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const same = (await call('GET', '/api/clients/same-phone?phone=89127000003')).json() as {
      clients: ClientDto[];
    };
    expect(same.clients).toHaveLength(1);
  });
});
