import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type SignedIn } from '../test/test-app';

/** One search rule (src/domain/search-text.ts) in every list: clients, tickets, tasks, worklist. */
describeEachDatabase('one search rule in every list', (ctx) => {
  let anna: SignedIn;
  const ids = {} as Record<'clientA' | 'clientB' | 'ticketA' | 'ticketB' | 'taskA' | 'taskB', number>;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await ctx.app.inject({ method, url, payload, headers: { cookie: anna.cookie } });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const found = async (url: string): Promise<number[]> =>
    (await call('GET', url)).items.map((item: { id: number; kind?: string }) => item.id);

  beforeAll(async () => {
    anna = await ctx.loginAs('admin');
    // A: a mobile number; B: a Moscow number with 7912 in its middle (8 495 179-12-00).
    ids.clientA = (
      await call('POST', '/api/clients', { fullName: 'Алексеев Антон', phone: '+7 912 345-67-89' })
    ).client.id;
    ids.clientB = (
      await call('POST', '/api/clients', { fullName: 'Борисов Борис', phone: '8 (495) 179-12-00' })
    ).client.id;
    for (const who of ['A', 'B'] as const) {
      const clientId = ids[`client${who}`];
      ids[`ticket${who}`] = (
        await call('POST', '/api/tickets', { title: 'Замена SSD', client: { mode: 'existing', clientId } })
      ).ticket.id;
      ids[`task${who}`] = (await call('POST', '/api/tasks', { title: `Позвонить ${who}`, clientId })).task.id;
    }
  });

  it('«8912» finds the number that starts 8 912 / +7 912, not one with 7912 in the middle', async () => {
    expect(await found('/api/clients?q=8912')).toEqual([ids.clientA]);
    expect(await found('/api/tickets?q=8912')).toEqual([ids.ticketA]);
    expect(await found('/api/tasks?q=8912')).toEqual([ids.taskA]);
    expect((await found('/api/work?q=8912')).sort()).toEqual([ids.ticketA, ids.taskA].sort());
  });

  it('any spelling of a phone finds it in every list', async () => {
    for (const q of ['+7 (912) 345-67-89', '89123456789', '9123456789', '345-67']) {
      expect(await found(`/api/clients?q=${encodeURIComponent(q)}`), q).toEqual([ids.clientA]);
      expect(await found(`/api/tickets?q=${encodeURIComponent(q)}`), q).toEqual([ids.ticketA]);
      expect(await found(`/api/tasks?q=${encodeURIComponent(q)}`), q).toEqual([ids.taskA]);
    }
  });

  it('«#N» and «№N» find item N in the ticket list, the task list and the worklist', async () => {
    for (const prefix of ['#', '№', '№ ']) {
      const ticket = encodeURIComponent(`${prefix}${ids.ticketB}`);
      expect(await found(`/api/tickets?q=${ticket}`)).toEqual([ids.ticketB]);
      expect(await found(`/api/work?q=${ticket}&type=tickets`)).toEqual([ids.ticketB]);
      const task = encodeURIComponent(`${prefix}${ids.taskB}`);
      expect(await found(`/api/tasks?q=${task}`)).toEqual([ids.taskB]);
      expect(await found(`/api/work?q=${task}&type=tasks`)).toEqual([ids.taskB]);
    }
  });

  it('a short number is a number: «77» does not bring every +7 phone; clients have no number', async () => {
    expect(await found('/api/tickets?q=77')).not.toContain(ids.ticketA);
    expect(await found('/api/work?q=77')).not.toContain(ids.ticketA);
    expect(await found(`/api/clients?q=${encodeURIComponent(`#${ids.clientB}`)}`)).toEqual([]);
  });

  it('a name finds its client, and the client’s tickets and tasks', async () => {
    expect(await found('/api/clients?q=борисов')).toEqual([ids.clientB]);
    expect(await found('/api/tickets?q=борисов')).toEqual([ids.ticketB]);
    expect(await found('/api/tasks?q=борисов')).toEqual([ids.taskB]);
  });
});
