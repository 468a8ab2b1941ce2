import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import {
  COMMENT_EDIT_MINUTES,
  COMMENT_EMPTY_MESSAGE,
  COMMENT_NOT_YOURS_MESSAGE,
  COMMENT_PAGE_SIZE,
  COMMENT_TOO_OLD_MESSAGE,
  type CommentDto,
  type CommentPageDto,
} from '../../domain/comments';
import type { TaskDetailDto } from '../../domain/task-schemas';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import type { HistoryEntryDto } from '../../domain/history';
import { multipart } from '../test/multipart';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

const photo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#36a' } })
    .png()
    .toBuffer();

let keys = 0;
const newKey = () => `key-${Date.now().toString(36)}-${(keys += 1)}`;

// Issue 55: the staff's comment thread on tickets and tasks.
describeEachDatabase('comments on tickets and tasks', (ctx) => {
  let admin: SignedIn;
  let igor: SignedIn;
  let ticket: TicketDetailDto;
  const call = apiCaller(ctx, () => admin);

  const post = (itemPath: string, body: string, who: SignedIn = admin, clientKey = newKey()) =>
    call('POST', `${itemPath}/comments`, { body, clientKey }, who);
  const thread = async (itemPath: string, query = '') =>
    (await call('GET', `${itemPath}/comments${query}`)).json<CommentPageDto>();
  const rowCount = async (table: 'comments' | 'files') =>
    Number(
      (
        await ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const history = async (itemPath: string) =>
    (await call('GET', `${itemPath}/history`)).json<{ items: HistoryEntryDto[] }>().items;
  const isStored = async (key: string) => {
    try {
      (await ctx.store.read(key)).destroy();
      return true;
    } catch {
      return false;
    }
  };

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    igor = await ctx.register({ displayName: 'Игорь Мастеров' });
    const created = await call('POST', '/api/tickets', {
      title: 'Гарантийный ремонт',
      client: { mode: 'new', fullName: 'Клиентов Кирилл', phone: '8 900 100-20-30' },
    });
    ticket = created.json<{ ticket: TicketDetailDto }>().ticket;
  });

  it('writes a comment and lists the thread oldest first, in pages', async () => {
    const path = `/api/tickets/${ticket.id}`;
    const first = await post(path, '  Клиент просил позвонить до замены  ');
    expect(first.statusCode, first.body).toBe(201);
    const comment = first.json<{ comment: CommentDto }>().comment;
    expect(comment).toMatchObject({
      body: 'Клиент просил позвонить до замены',
      authorId: admin.user.id,
      authorName: admin.user.displayName,
      mentions: [],
      photos: [],
      editedAt: null,
      deletedAt: null,
      version: 1,
    });
    for (let i = 1; i <= COMMENT_PAGE_SIZE; i += 1) await post(path, `Комментарий ${i}`, igor);
    const newest = await thread(path);
    expect(newest.more).toBe(true);
    expect(newest.items).toHaveLength(COMMENT_PAGE_SIZE);
    expect(newest.items[0]?.body).toBe('Комментарий 1');
    expect(newest.items.at(-1)?.body).toBe(`Комментарий ${COMMENT_PAGE_SIZE}`);
    const older = await thread(path, `?before=${newest.items[0]!.id}`);
    expect(older).toEqual({ more: false, items: [comment] });
  });

  it('stores a comment sent twice (offline, a lost answer, two at once) once', async () => {
    const path = `/api/tickets/${ticket.id}`;
    const before = await rowCount('comments');
    const key = newKey();
    const [a, b] = await Promise.all([post(path, 'Один раз', igor, key), post(path, 'Один раз', igor, key)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const again = await post(path, 'Один раз', igor, key);
    expect(again.statusCode).toBe(200);
    const ids = [a, b, again].map((r) => r.json<{ comment: CommentDto }>().comment.id);
    expect(new Set(ids).size).toBe(1);
    expect(await rowCount('comments')).toBe(before + 1);
    // The same key from another person is another comment.
    expect((await post(path, 'Один раз', admin, key)).statusCode).toBe(201);
  });

  it('refuses bad input in Russian, and an item that is missing', async () => {
    const path = `/api/tickets/${ticket.id}`;
    const cases: [object, number, string][] = [
      [{ body: '   ', clientKey: newKey() }, 400, COMMENT_EMPTY_MESSAGE],
      [{ body: 'x'.repeat(4001), clientKey: newKey() }, 400, 'Комментарий: не длиннее 4000 символов'],
      [{ body: 'Текст' }, 400, 'Нет ключа комментария'],
      [{ body: 'Текст', clientKey: 'a b' }, 400, 'Нет ключа комментария'],
      [{ body: 'a\u0007b', clientKey: newKey() }, 400, 'Комментарий: недопустимый символ'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await call('POST', `${path}/comments`, payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<{ error: { message: string } }>().error.message).toContain(message);
    }
    const missing = await call('POST', '/api/tickets/999999/comments', {
      body: 'Текст',
      clientKey: newKey(),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ error: { message: string } }>().error.message).toBe('Заявка не найдена');
    expect((await call('GET', '/api/tasks/999999/comments')).statusCode).toBe(404);
    expect((await call('GET', `${path}/comments?before=abc`)).statusCode).toBe(400);
    expect((await call('GET', `${path}/comments?before=99999999999`)).statusCode).toBe(400);
    const broken = multipart([{ filename: 'a.png', content: await photo(), type: 'image/png' }], {
      comment: '{not json',
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `${path}/comments`,
      payload: broken.payload,
      headers: { ...broken.headers, cookie: admin.cookie },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'Некорректный комментарий: обновите страницу и отправьте снова',
    );
  });

  it('keeps photos with their comment, apart from the item’s files; a bad photo leaves nothing', async () => {
    const path = `/api/tickets/${ticket.id}`;
    const upload = multipart([{ filename: 'шлейф.png', content: await photo(), type: 'image/png' }], {
      comment: JSON.stringify({ body: 'Шлейф надорван', clientKey: newKey() }),
    });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `${path}/comments`,
      payload: upload.payload,
      headers: { ...upload.headers, cookie: igor.cookie },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const comment = sent.json<{ comment: CommentDto }>().comment;
    expect(comment.body).toBe('Шлейф надорван');
    expect(comment.photos).toMatchObject([{ name: 'шлейф.png', kind: 'photo', type: 'image/png' }]);
    const file = await call('GET', comment.photos[0]!.url, undefined, igor);
    expect(file.statusCode).toBe(200);
    const detail = (await call('GET', path)).json<{ ticket: TicketDetailDto }>().ticket;
    expect(detail.attachments.map((f) => f.id)).not.toContain(comment.photos[0]!.id);

    // Nobody removes it through the ticket's own files, not even its author.
    const viaFiles = await call('DELETE', `${path}/files/${comment.photos[0]!.id}`, undefined, admin);
    expect(viaFiles.statusCode).toBe(404);
    expect((await call('GET', comment.photos[0]!.url)).statusCode).toBe(200);

    const files = await rowCount('files');
    const comments = await rowCount('comments');
    const bad = multipart(
      [
        { filename: 'ok.png', content: await photo(), type: 'image/png' },
        { filename: 'вирус.exe', content: Buffer.from('MZ not an image'), type: 'image/png' },
      ],
      { comment: JSON.stringify({ body: 'С плохим файлом', clientKey: newKey() }) },
    );
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `${path}/comments`,
      payload: bad.payload,
      headers: { ...bad.headers, cookie: igor.cookie },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toContain('вирус.exe');
    expect(await rowCount('files')).toBe(files);
    expect(await rowCount('comments')).toBe(comments);

    // Deleted by its author: its photos go too (the history keeps the text and says how many).
    const key = (
      await ctx.database.db
        .selectFrom('files')
        .select('path')
        .where('comment_id', '=', comment.id)
        .executeTakeFirstOrThrow()
    ).path;
    expect((await call('DELETE', `/api/comments/${comment.id}?version=1`, undefined, igor)).statusCode).toBe(
      200,
    );
    expect(await isStored(key)).toBe(false);
    expect((await call('GET', comment.photos[0]!.url)).statusCode).toBe(404);
    expect((await history(path)).find((r) => r.action === 'comment_delete')).toMatchObject({
      oldValue: 'Шлейф надорван',
      note: 'Фото: 1',
    });
  });

  it('lets the author edit or delete for a while; the history keeps the old text', async () => {
    const path = `/api/tickets/${ticket.id}`;
    const comment = (await post(path, 'Заменить экран', igor)).json<{ comment: CommentDto }>().comment;
    const notYours = await call(
      'PATCH',
      `/api/comments/${comment.id}`,
      { version: 1, body: 'Чужая правка' },
      admin,
    );
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json<{ error: { message: string } }>().error.message).toBe(COMMENT_NOT_YOURS_MESSAGE);

    const edited = await call(
      'PATCH',
      `/api/comments/${comment.id}`,
      { version: 1, body: 'Заменить шлейф' },
      igor,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ comment: CommentDto }>().comment).toMatchObject({
      body: 'Заменить шлейф',
      version: 2,
    });
    expect(edited.json<{ comment: CommentDto }>().comment.editedAt).not.toBeNull();
    // Edited in another tab meanwhile: the stale version is refused, with the comment as it is.
    const stale = await call(
      'PATCH',
      `/api/comments/${comment.id}`,
      { version: 1, body: 'Старая вкладка' },
      igor,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ comment: CommentDto }>().comment.body).toBe('Заменить шлейф');

    const deleted = await call('DELETE', `/api/comments/${comment.id}?version=2`, undefined, igor);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<{ comment: CommentDto }>().comment).toMatchObject({ body: '', version: 3 });
    const listed = (await thread(path)).items.find((c) => c.id === comment.id);
    expect(listed?.deletedAt).not.toBeNull();
    expect(listed?.body).toBe('');
    const rows = await history(path);
    expect(rows.find((r) => r.action === 'comment_edit')).toMatchObject({
      oldValue: 'Заменить экран',
      newValue: 'Заменить шлейф',
      userName: 'Игорь Мастеров',
    });
    expect(rows.find((r) => r.action === 'comment_delete')).toMatchObject({ oldValue: 'Заменить шлейф' });
    expect(
      (await call('PATCH', `/api/comments/${comment.id}`, { version: 3, body: 'Вернуть' }, igor)).statusCode,
    ).toBe(404);

    const old = (await post(path, 'Давний', igor)).json<{ comment: CommentDto }>().comment;
    ctx.clock.advance((COMMENT_EDIT_MINUTES + 1) * 60_000);
    const late = await call('DELETE', `/api/comments/${old.id}?version=1`, undefined, igor);
    expect(late.statusCode).toBe(403);
    expect(late.json<{ error: { message: string } }>().error.message).toBe(COMMENT_TOO_OLD_MESSAGE);
    expect((await call('DELETE', `/api/comments/${old.id}`, undefined, igor)).statusCode).toBe(400);
  });

  it('works on tasks too; a task’s photos do not take in its comments’ photos', async () => {
    const task = (await call('POST', '/api/tasks', { title: 'Забрать плату' })).json<{
      task: TaskDetailDto;
    }>().task;
    const path = `/api/tasks/${task.id}`;
    const upload = multipart([{ filename: 'плата.png', content: await photo(), type: 'image/png' }], {
      comment: JSON.stringify({ body: '', clientKey: newKey() }),
    });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `${path}/comments`,
      payload: upload.payload,
      headers: { ...upload.headers, cookie: admin.cookie },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await thread(path)).items).toHaveLength(1);
    const detail = (await call('GET', path)).json<{ task: TaskDetailDto }>().task;
    expect(detail.photos).toEqual([]);
  });

  it('is read-only in the Корзина and goes with the item when it is deleted for good', async () => {
    const created = await call('POST', '/api/tickets', {
      title: 'Гарантийный ремонт',
      client: { mode: 'new', fullName: 'Корзинов Карл' },
    });
    const doomed = created.json<{ ticket: TicketDetailDto }>().ticket;
    const path = `/api/tickets/${doomed.id}`;
    const upload = multipart([{ filename: 'до.png', content: await photo(), type: 'image/png' }], {
      comment: JSON.stringify({ body: 'С фото', clientKey: newKey() }),
    });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `${path}/comments`,
      payload: upload.payload,
      headers: { ...upload.headers, cookie: admin.cookie },
    });
    const stored = sent.json<{ comment: CommentDto }>().comment;
    const storedPath = (
      await ctx.database.db
        .selectFrom('files')
        .select('path')
        .where('comment_id', '=', stored.id)
        .executeTakeFirstOrThrow()
    ).path;
    expect(await isStored(storedPath)).toBe(true);

    expect((await call('DELETE', path)).statusCode).toBe(204);
    const refused = await post(path, 'В корзине');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'Заявка в корзине. Восстановите её, чтобы изменить',
    );
    expect((await thread(path)).items).toHaveLength(1);

    expect((await call('DELETE', `/api/trash/ticket/${doomed.id}`)).statusCode).toBe(204);
    const left = await ctx.database.db
      .selectFrom('comments')
      .select('id')
      .where('item_kind', '=', 'ticket')
      .where('item_id', '=', doomed.id)
      .execute();
    expect(left).toEqual([]);
    expect(await isStored(storedPath)).toBe(false);
  });
});
