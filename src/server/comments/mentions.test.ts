import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CommentDto, MentionListDto } from '../../domain/comments';
import type { TaskDetailDto } from '../../domain/task-schemas';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { PushServiceStandIn, standInAgent, type BrowserSubscription } from '../test/push-service-stand-in';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

const service = new PushServiceStandIn();
beforeAll(() => service.start());
afterAll(() => service.stop());

let keys = 0;
const newKey = () => `mention-${Date.now().toString(36)}-${(keys += 1)}`;

// Issue 55: `@Имя` in a comment tells that person by push and lists the item first under «Мои»
// until they answer on it or mark it read.
describeEachDatabase(
  'mentions in comments',
  (ctx) => {
    let admin: SignedIn;
    let igor: SignedIn;
    let igorPetrov: SignedIn;
    let anna: SignedIn;
    let ticket: TicketDetailDto;
    const call = apiCaller(ctx, () => admin);

    const post = (path: string, body: string, who: SignedIn) =>
      call('POST', `${path}/comments`, { body, clientKey: newKey() }, who);
    const mentionsOf = async (who: SignedIn) =>
      (await call('GET', '/api/mentions', undefined, who)).json<MentionListDto>();

    async function subscribe(who: SignedIn): Promise<BrowserSubscription> {
      const subscription = service.newSubscription();
      const response = await call('PUT', '/api/push/subscription', subscription.toJSON(), who);
      expect(response.statusCode, response.body).toBe(204);
      return subscription;
    }
    async function pushesTo(subscription: BrowserSubscription) {
      await ctx.app.push.idle();
      return service.to(subscription).map((push) => subscription.decrypt(push.body));
    }

    beforeAll(async () => {
      admin = await ctx.loginAs('admin');
      igor = await ctx.register({ displayName: 'Игорь' });
      igorPetrov = await ctx.register({ displayName: 'Игорь Петров' });
      anna = await ctx.register({ displayName: 'Анна Смирнова' });
      ticket = (
        await call('POST', '/api/tickets', {
          title: 'Гарантийный ремонт',
          client: { mode: 'new', fullName: 'Клиентов Кирилл' },
        })
      ).json<{ ticket: TicketDetailDto }>().ticket;
    });

    it('tells each person named, once, by push; never the author', async () => {
      const igorPhone = await subscribe(igor);
      const petrovPhone = await subscribe(igorPetrov);
      const annaPhone = await subscribe(anna);
      const sent = await post(
        `/api/tickets/${ticket.id}`,
        '@игорь петров проверь шлейф, @Анна Смирнова позвони клиенту. @Анна Смирнова, срочно! me@example.ru',
        anna,
      );
      expect(sent.statusCode, sent.body).toBe(201);
      const comment = sent.json<{ comment: CommentDto }>().comment;
      // The longest name that fits: Игорь Петров, not Игорь; the author is not named to herself.
      expect(comment.mentions).toEqual([{ id: igorPetrov.user.id, name: 'Игорь Петров' }]);
      expect(await pushesTo(petrovPhone)).toEqual([
        {
          title: 'GL Задачи',
          body: `Вас упомянули в заявке #${ticket.id} «Гарантийный ремонт» — Анна Смирнова: @игорь петров проверь шлейф, @Анна Смирнова позвони клиенту. @Анна Смирнова, срочно! me@example.ru`,
          url: `/app/tickets/${ticket.id}#comments`,
          tag: `comment-${comment.id}`,
        },
      ]);
      expect(await pushesTo(igorPhone)).toEqual([]);
      expect(await pushesTo(annaPhone)).toEqual([]);
    });

    it('lists the item under «Мои» until the person answers on it or marks it read', async () => {
      const path = `/api/tickets/${ticket.id}`;
      const task = (await call('POST', '/api/tasks', { title: 'Купить шлейф' })).json<{
        task: TaskDetailDto;
      }>().task;
      await post(path, '@Игорь глянь тоже', admin);
      await post(`/api/tasks/${task.id}`, '@Игорь купи два', admin);
      await post(path, '@Игорь и крепёж проверь', anna);
      // One row per item, its newest mention first, with how many there are.
      const open = await mentionsOf(igor);
      expect(open.total).toBe(2);
      expect(
        open.items.map((m) => [m.kind, m.itemId, m.itemTitle, m.authorName, m.excerpt, m.count]),
      ).toEqual([
        ['ticket', ticket.id, 'Гарантийный ремонт', 'Анна Смирнова', '@Игорь и крепёж проверь', 2],
        ['task', task.id, 'Купить шлейф', admin.user.displayName, '@Игорь купи два', 1],
      ]);
      // An answer on the ticket closes Игорь's mention there, and only there.
      expect((await post(path, 'Глянул, шлейф цел', igor)).statusCode).toBe(201);
      expect((await mentionsOf(igor)).items.map((m) => m.kind)).toEqual(['task']);
      // «Прочитано» is the person's own: another's mention cannot be closed.
      const [taskMention] = (await mentionsOf(igor)).items;
      expect((await call('POST', `/api/mentions/${taskMention!.id}/read`, undefined, anna)).statusCode).toBe(
        404,
      );
      expect((await call('POST', `/api/mentions/${taskMention!.id}/read`, undefined, igor)).statusCode).toBe(
        204,
      );
      expect(await mentionsOf(igor)).toEqual({ items: [], total: 0 });
    });

    it('follows an edit: a newly named person is told, one no longer named is dropped', async () => {
      const path = `/api/tickets/${ticket.id}`;
      const annaPhone = await subscribe(anna);
      const comment = (await post(path, '@Игорь проверь', admin)).json<{ comment: CommentDto }>().comment;
      const edited = await call('PATCH', `/api/comments/${comment.id}`, {
        version: comment.version,
        body: '@Анна Смирнова проверь',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<{ comment: CommentDto }>().comment.mentions).toEqual([
        { id: anna.user.id, name: 'Анна Смирнова' },
      ]);
      expect((await mentionsOf(igor)).total).toBe(0);
      expect((await mentionsOf(anna)).items.map((m) => m.commentId)).toEqual([comment.id]);
      expect((await pushesTo(annaPhone)).map((p) => p.tag)).toEqual([`comment-${comment.id}`]);
      // Deleted: the mention goes with it.
      await call('DELETE', `/api/comments/${comment.id}?version=2`);
      expect((await mentionsOf(anna)).total).toBe(0);
    });

    it('leaves out items in the Корзина and people who cannot sign in', async () => {
      const other = (
        await call('POST', '/api/tickets', {
          title: 'Гарантийный ремонт',
          client: { mode: 'new', fullName: 'Корзинов Карл' },
        })
      ).json<{ ticket: TicketDetailDto }>().ticket;
      await post(`/api/tickets/${other.id}`, '@Анна Смирнова посмотри', admin);
      expect((await mentionsOf(anna)).total).toBe(1);
      await call('DELETE', `/api/tickets/${other.id}`);
      expect((await mentionsOf(anna)).total).toBe(0);
      await call('POST', `/api/trash/ticket/${other.id}/restore`);
      expect((await mentionsOf(anna)).total).toBe(1);

      await ctx.database.db
        .updateTable('users')
        .set({ disabled_at: new Date().toISOString() })
        .where('id', '=', igor.user.id)
        .execute();
      const comment = (await post(`/api/tickets/${other.id}`, '@Игорь ты где?', admin)).json<{
        comment: CommentDto;
      }>().comment;
      expect(comment.mentions).toEqual([]);
    });
  },
  { push: { agent: standInAgent, retryDelaysMs: [10, 10] } },
);
