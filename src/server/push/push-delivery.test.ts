import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TaskDetailDto } from '../../domain/task-schemas';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import {
  PushServiceStandIn,
  standInAgent,
  verifyVapid,
  type BrowserSubscription,
} from '../test/push-service-stand-in';
import { describeEachDatabase, type SignedIn, withCurrentVersion } from '../test/test-app';
import { PUSH_TTL_SECONDS } from './push-sender';

const service = new PushServiceStandIn();
beforeAll(() => service.start());
afterAll(() => service.stop());

describeEachDatabase(
  'Web Push delivery',
  (ctx) => {
    let admin: SignedIn;
    let tech: SignedIn;
    let other: SignedIn;

    beforeAll(async () => {
      admin = await ctx.loginAs('admin');
      tech = await ctx.register({ displayName: 'Техников Тимур' });
      other = await ctx.register({ displayName: 'Другов Дмитрий' });
    });

    const call = async (
      method: 'GET' | 'POST' | 'PUT' | 'PATCH',
      url: string,
      who: SignedIn,
      payload?: object,
    ) =>
      ctx.app.inject({
        method,
        url,
        headers: { cookie: who.cookie, 'x-requested-with': 'fetch' },
        ...(payload ? { payload: await withCurrentVersion(ctx.database, method, url, payload) } : {}),
      });

    async function subscribe(who: SignedIn): Promise<BrowserSubscription> {
      const subscription = service.newSubscription();
      const response = await call('PUT', '/api/push/subscription', who, subscription.toJSON());
      expect(response.statusCode, response.body).toBe(204);
      return subscription;
    }

    async function newTicket(who: SignedIn, extra: object = {}) {
      const response = await call('POST', '/api/tickets', who, {
        title: 'Замена SSD',
        client: { mode: 'new', fullName: 'Пушкин Павел' },
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ ticket: TicketDetailDto }>().ticket;
    }

    async function newTask(who: SignedIn, extra: object = {}) {
      const response = await call('POST', '/api/tasks', who, { title: 'Забрать плату', ...extra });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ task: TaskDetailDto }>().task;
    }

    const storedRows = (endpoint: string) =>
      ctx.database.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', endpoint)
        .execute();

    /** Everything the stand-in received for a subscription, decrypted, once delivery is done. */
    async function messagesTo(subscription: BrowserSubscription) {
      await ctx.app.push.idle();
      return service.to(subscription).map((push) => subscription.decrypt(push.body));
    }

    it('delivers an encrypted, VAPID-signed message with a TTL to the new assignee', async () => {
      const phone = await subscribe(tech);
      const before = Math.floor(Date.now() / 1000);
      const ticket = await newTicket(admin, { assigneeId: tech.user.id });
      expect(await messagesTo(phone)).toEqual([
        {
          title: 'GL Задачи',
          body: `Вам назначена заявка #${ticket.id} «Замена SSD»`,
          url: `/app/tickets/${ticket.id}`,
          tag: `ticket-${ticket.id}`,
        },
      ]);

      const [push] = service.to(phone);
      expect(push?.headers).toMatchObject({
        ttl: String(PUSH_TTL_SECONDS),
        'content-encoding': 'aes128gcm',
        urgency: 'high',
        topic: `ticket-${ticket.id}`,
      });
      const { publicKey } = (await call('GET', '/api/push/public-key', tech)).json<{ publicKey: string }>();
      const claims = verifyVapid(push?.headers.authorization as string, publicKey);
      expect(claims.aud).toBe(service.audience);
      expect(claims.sub).toBe('mailto:tests@example.ru');
      expect(claims.exp).toBeGreaterThan(before);
      expect(claims.exp).toBeLessThanOrEqual(before + 24 * 3600 + 60);
    });

    it('tells the assignee about each status step, but never the person who acted', async () => {
      const phone = await subscribe(tech);
      const adminPhone = await subscribe(admin);
      const ticket = await newTicket(admin, { assigneeId: tech.user.id });
      const stepped = await call('POST', `/api/tickets/${ticket.id}/step`, admin, {
        direction: 'forward',
        expectedStatus: 'new',
      });
      expect(stepped.statusCode, stepped.body).toBe(200);
      // The technician's own step is not news to them.
      const own = await call('POST', `/api/tickets/${ticket.id}/step`, tech, {
        direction: 'back',
        expectedStatus: 'delivery_requested',
      });
      expect(own.statusCode, own.body).toBe(200);

      expect((await messagesTo(phone)).map((m) => m.body)).toEqual([
        `Вам назначена заявка #${ticket.id} «Замена SSD»`,
        `Заявка #${ticket.id} «Замена SSD»: Доставка оформлена`,
      ]);
      expect(service.to(phone)[1]?.headers.urgency).toBe('normal');
      expect(await messagesTo(adminPhone)).toEqual([]);
    });

    it('tells the assignee at once when the client answers the estimate on the status page', async () => {
      const phone = await subscribe(tech);
      const ticket = await newTicket(admin, { assigneeId: tech.user.id });
      await call('POST', `/api/tickets/${ticket.id}/lines`, admin, {
        kind: 'work',
        name: 'Замена',
        price: 150000,
      });
      expect((await call('POST', `/api/tickets/${ticket.id}/estimate`, admin)).statusCode).toBe(200);
      const answered = await ctx.app.inject({
        method: 'POST',
        url: `${ticket.statusPath}/estimate`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'version=1&answer=approved',
      });
      expect(answered.statusCode).toBe(303);
      const messages = await messagesTo(phone);
      expect(messages.at(-1)).toEqual({
        title: 'GL Задачи',
        body: `Клиент согласовал смету по заявке #${ticket.id} «Замена SSD»: 1\u00a0500,00\u00a0₽`,
        url: `/app/tickets/${ticket.id}`,
        tag: `ticket-${ticket.id}`,
      });
      expect(service.to(phone).at(-1)?.headers.urgency).toBe('high');
    });

    it('sends a new ticket nobody was given to every admin but its author', async () => {
      const secondAdmin = await ctx.register({ displayName: 'Второй Админ' });
      const promoted = await call('PUT', `/api/employees/${secondAdmin.user.id}/role`, admin, {
        role: 'admin',
      });
      expect(promoted.statusCode, promoted.body).toBe(200);
      const secondAdminSession = await ctx.signIn(secondAdmin.user.email);
      const secondAdminPhone = await subscribe(secondAdminSession);
      const adminPhone = await subscribe(admin);
      const techPhone = await subscribe(tech);

      const byTech = await newTicket(tech, { assigneeId: null });
      const byAdmin = await newTicket(admin, { assigneeId: null });

      expect((await messagesTo(secondAdminPhone)).map((m) => m.body)).toEqual([
        `Новая заявка без исполнителя: #${byTech.id} «Замена SSD»`,
        `Новая заявка без исполнителя: #${byAdmin.id} «Замена SSD»`,
      ]);
      expect((await messagesTo(adminPhone)).map((m) => m.url)).toEqual([`/app/tickets/${byTech.id}`]);
      expect(await messagesTo(techPhone)).toEqual([]);
    });

    it('tells whoever a ticket or task is reassigned to, on every device they have', async () => {
      const laptop = await subscribe(other);
      const phone = await subscribe(await ctx.signIn(other.user.email));
      const ticket = await newTicket(admin, { assigneeId: tech.user.id });
      const reassigned = await call('PATCH', `/api/tickets/${ticket.id}`, admin, {
        assigneeId: other.user.id,
      });
      expect(reassigned.statusCode, reassigned.body).toBe(200);
      const task = await newTask(admin, { assigneeId: null });
      const given = await call('PATCH', `/api/tasks/${task.id}`, tech, { assigneeId: other.user.id });
      expect(given.statusCode, given.body).toBe(200);
      // Saving the same assignee again is no news.
      await call('PATCH', `/api/tasks/${task.id}`, tech, {
        assigneeId: other.user.id,
        title: 'Забрать плату!',
      });

      for (const device of [laptop, phone]) {
        expect(await messagesTo(device)).toEqual([
          expect.objectContaining({ body: `Вам назначена заявка #${ticket.id} «Замена SSD»` }),
          {
            title: 'GL Задачи',
            body: 'Вам назначена задача «Забрать плату»',
            url: `/app/tasks/${task.id}`,
            tag: `task-${task.id}`,
          },
        ]);
      }
    });

    it('sends nothing for work people give themselves, and nothing to disabled accounts', async () => {
      const phone = await subscribe(tech);
      await newTask(tech, { assigneeId: tech.user.id });
      const stepped = await newTicket(tech, { assigneeId: tech.user.id });
      await call('POST', `/api/tickets/${stepped.id}/step`, tech, {
        direction: 'forward',
        expectedStatus: 'new',
      });

      const leaving = await ctx.register({ displayName: 'Уволенный Ульян' });
      await call('PUT', `/api/employees/${leaving.user.id}/role`, admin, { role: 'admin' });
      const leavingPhone = await subscribe(await ctx.signIn(leaving.user.email));
      const off = await call('PUT', `/api/employees/${leaving.user.id}/access`, admin, { disabled: true });
      expect(off.statusCode, off.body).toBe(200);
      const unassigned = await newTicket(tech, { assigneeId: null });

      expect(await messagesTo(phone)).toEqual([]);
      expect(await messagesTo(leavingPhone)).toEqual([]);
      // The same ticket did reach the active admin.
      const adminRows = await ctx.database.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', admin.user.id)
        .execute();
      const reachedAdmin = service.received.filter((push) =>
        adminRows.some((row) => new URL(row.endpoint).pathname === push.path),
      );
      expect(reachedAdmin.length).toBeGreaterThan(0);
      expect(unassigned.assigneeId).toBeNull();
    });

    it('deletes a subscription the push service answers 404 or 410 for', async () => {
      for (const status of [404, 410]) {
        const phone = await subscribe(tech);
        service.answer(phone, status);
        await newTask(admin, { assigneeId: tech.user.id });
        await ctx.app.push.idle();
        expect(service.to(phone)).toHaveLength(1);
        expect(await storedRows(phone.endpoint), `after ${status}`).toEqual([]);
      }
    });

    it('retries a failing push service, then gives up but keeps the subscription', async () => {
      const flaky = await subscribe(tech);
      service.answer(flaky, 503, 500);
      const task = await newTask(admin, { assigneeId: tech.user.id });
      expect((await messagesTo(flaky)).map((m) => m.url)).toEqual([
        `/app/tasks/${task.id}`,
        `/app/tasks/${task.id}`,
        `/app/tasks/${task.id}`,
      ]);

      const down = await subscribe(tech);
      service.answer(down, 503, 503, 503, 503);
      await newTask(admin, { assigneeId: tech.user.id });
      await ctx.app.push.idle();
      // The first try and the two configured retries.
      expect(service.to(down)).toHaveLength(3);
      expect(await storedRows(down.endpoint)).toHaveLength(1);
    });

    it('answers the request without waiting for the push service', async () => {
      const slow = await subscribe(tech);
      const release = service.hold(slow);
      // Would time out if the request waited for delivery.
      await newTicket(admin, { assigneeId: tech.user.id });
      release();
      expect(await messagesTo(slow)).toHaveLength(1);
    });
  },
  { push: { agent: standInAgent, retryDelaysMs: [10, 10] } },
);
