import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertItems } from '../test/insert-items';
import { PushServiceStandIn, standInAgent } from '../test/push-service-stand-in';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// The morning push through the real app: its scheduler, its push sender (RFC 8291 encryption,
// VAPID) and a stand-in push service that decrypts what it receives.
const service = new PushServiceStandIn();
beforeAll(() => service.start());
afterAll(() => service.stop());

describeEachDatabase(
  'morning reminder delivery',
  (ctx) => {
    let tech: SignedIn;
    const call = apiCaller(ctx, () => tech);

    beforeAll(async () => {
      await ctx.loginAs('admin');
      tech = await ctx.register({ displayName: 'Техников Тимур' });
    });

    it('reaches each of the person’s browsers once, encrypted, at normal urgency', async () => {
      const phone = service.newSubscription();
      const laptop = service.newSubscription();
      for (const browser of [phone, laptop]) {
        expect((await call('PUT', '/api/push/subscription', browser.toJSON())).statusCode).toBe(204);
      }
      const [id] = await insertItems(ctx.database.db, [
        {
          kind: 'ticket',
          status: 'repair',
          title: 'Замена SSD',
          dueDate: '2026-11-21',
          createdAt: '2026-11-01T10:00:00.000Z',
          closedAt: null,
          assigneeId: tech.user.id,
        },
      ]);
      // The test clock reads 12:00 in Москва: past 09:00.
      await ctx.app.reminders.tick();
      await ctx.app.reminders.tick();
      await ctx.app.push.idle();
      for (const browser of [phone, laptop]) {
        const received = service.to(browser);
        expect(received.map((push) => browser.decrypt(push.body))).toEqual([
          {
            title: 'GL Задачи',
            body: `Просрочено: 1\n#${id} «Замена SSD» — просрочено на 1 дн.`,
            url: `/app/work?assignee=${tech.user.id}&order=overdue`,
            tag: 'morning-reminder',
          },
        ]);
        expect(received[0]?.headers).toMatchObject({ urgency: 'normal', topic: 'morning-reminder' });
      }
    });
  },
  { push: { agent: standInAgent, retryDelaysMs: [10, 10] } },
);
