import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import type { Page } from '../../domain/page';
import type { TaskDetailDto, TaskDto } from '../../domain/task-schemas';
import { multipart, type UploadPart } from '../test/multipart';
import { describeEachDatabase, type SignedIn, withCurrentVersion } from '../test/test-app';

describeEachDatabase('tasks API', (ctx) => {
  let staff: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    staff = await ctx.loginAs('employee');
    other = await ctx.register({ displayName: 'Задачин Захар' });
  });

  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie: staff.cookie, 'x-requested-with': 'fetch' },
      ...(payload ? { payload: await withCurrentVersion(ctx.database, method, url, payload) } : {}),
    });
  const create = async (fields: object) => {
    const response = await call('POST', '/api/tasks', fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ task: TaskDetailDto }>().task;
  };
  const patch = async (id: number, fields: object) => {
    const response = await call('PATCH', `/api/tasks/${id}`, fields);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ task: TaskDetailDto }>().task;
  };
  const uploadPhotos = (id: number, parts: UploadPart[]) => {
    const body = multipart(parts);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/tasks/${id}/photos`,
      headers: { ...body.headers, cookie: staff.cookie },
      payload: body.payload,
    });
  };

  it('creates a task with every field', async () => {
    const client = (await call('POST', '/api/clients', { fullName: 'Платов Пётр' })).json().client;
    const task = await create({
      title: '  Забрать плату у клиента ',
      description: 'Плата в коробке',
      dueDate: '2026-11-30',
      status: 'in_progress',
      assigneeId: other.user.id,
      clientId: client.id,
      deliveryProvider: 'yandex',
      unknown: 'dropped',
    });
    expect(task).toMatchObject({
      title: 'Забрать плату у клиента',
      description: 'Плата в коробке',
      dueDate: '2026-11-30',
      status: 'in_progress',
      assigneeName: 'Задачин Захар',
      clientId: client.id,
      clientName: 'Платов Пётр',
      deliveryProvider: 'yandex',
      createdByName: staff.user.displayName,
      closedAt: null,
      photos: [],
    });
    expect(task).not.toHaveProperty('unknown');
  });

  it('goes to the admin’s default task assignee unless the form says otherwise', async () => {
    const admin = await ctx.loginAs('admin');
    const setDefault = (taskAssigneeId: number | null) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/settings/default-assignees',
        headers: { cookie: admin.cookie },
        payload: { ticketAssigneeId: null, taskAssigneeId },
      });
    await setDefault(other.user.id);
    expect((await create({ title: 'По умолчанию' })).assigneeId).toBe(other.user.id);
    expect((await create({ title: 'Никому', assigneeId: null })).assigneeId).toBeNull();
    await setDefault(null);
    expect((await create({ title: 'Без настройки' })).assigneeId).toBeNull();
  });

  it('answers bad input with a Russian 400', async () => {
    const cases: [object, string][] = [
      [{}, 'Введите название задачи'],
      [{ title: '   ' }, 'Введите название задачи'],
      [{ title: 'x'.repeat(201) }, 'Название не длиннее 200 символов'],
      [{ title: 'Х', status: 'todo' }, 'Выберите статус из списка'],
      [{ title: 'Х', clientId: 999999 }, 'Клиент не найден, выберите другого'],
      [{ title: 'Х', assigneeId: 999999 }, 'Исполнитель не найден или отключён'],
      [{ title: 'Х', deliveryProvider: 'dhl' }, 'Выберите службу доставки из списка'],
      [{ title: 'Х', dueDate: '2026-02-30' }, 'Срок: некорректная дата'],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/api/tasks', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });

  it('changes only what is sent, keeps the rest, and updates updatedAt', async () => {
    const task = await create({
      title: 'Позвонить поставщику',
      description: 'до обеда',
      dueDate: '2026-12-01',
    });
    ctx.clock.advance(60_000);
    const [a, b] = await Promise.all([
      call('PATCH', `/api/tasks/${task.id}`, { description: 'после обеда' }),
      call('PATCH', `/api/tasks/${task.id}`, { assigneeId: other.user.id }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const after = (await call('GET', `/api/tasks/${task.id}`)).json<{ task: TaskDetailDto }>().task;
    expect(after).toMatchObject({
      title: 'Позвонить поставщику',
      description: 'после обеда',
      dueDate: '2026-12-01',
      assigneeId: other.user.id,
    });
    expect(after.updatedAt > task.updatedAt).toBe(true);
    const cleared = await patch(task.id, { dueDate: '', assigneeId: null, clientId: null });
    expect(cleared).toMatchObject({ dueDate: null, assigneeId: null, assigneeName: '', clientName: '' });
  });

  it('sets closedAt on closing and clears it on any other status', async () => {
    const task = await create({ title: 'Закрываемая задача' });
    ctx.clock.advance(1000);
    const closed = await patch(task.id, { status: 'closed' });
    expect(closed.closedAt).toBe(ctx.clock.now().toISOString());
    ctx.clock.advance(1000);
    expect((await patch(task.id, { title: 'Закрываемая задача!' })).closedAt).toBe(closed.closedAt);
    expect((await patch(task.id, { status: 'closed' })).closedAt).toBe(closed.closedAt);
    expect((await patch(task.id, { status: 'in_progress' })).closedAt).toBeNull();
    expect((await patch(task.id, { status: 'new' })).closedAt).toBeNull();
    expect((await create({ title: 'Сразу закрытая', status: 'closed' })).closedAt).toBe(
      ctx.clock.now().toISOString(),
    );
  });

  it('reads legacy todo/done as new/closed in the list, the detail and the filters', async () => {
    const todo = await create({ title: 'Старая todo' });
    const done = await create({ title: 'Старая done' });
    await ctx.database.db.updateTable('tasks').set({ status: 'todo' }).where('id', '=', todo.id).execute();
    await ctx.database.db
      .updateTable('tasks')
      .set({ status: 'done', closed_at: '2025-01-01T00:00:00.000Z' })
      .where('id', '=', done.id)
      .execute();
    expect((await call('GET', `/api/tasks/${todo.id}`)).json().task.status).toBe('new');
    expect((await call('GET', `/api/tasks/${done.id}`)).json().task.status).toBe('closed');
    const ids = async (status: string) =>
      ((await call('GET', `/api/tasks?status=${status}&limit=100`)).json() as Page<TaskDto>).items.map(
        (t) => t.id,
      );
    expect(await ids('new')).toContain(todo.id);
    expect(await ids('closed')).toContain(done.id);
    expect(await ids('in_progress')).not.toContain(todo.id);
    // A save of the value it already reads as changes nothing, so writes nothing.
    const same = await patch(done.id, { status: 'closed' });
    expect(same.closedAt).toBe('2025-01-01T00:00:00.000Z');
    expect(same.version).toBe(1);
    const unchanged = await ctx.database.db
      .selectFrom('tasks')
      .select('status')
      .where('id', '=', done.id)
      .executeTakeFirst();
    expect(unchanged?.status).toBe('done');
    // A real edit writes only current values, and a legacy closed task keeps its closing time.
    await patch(done.id, { status: 'in_progress' });
    await ctx.database.db
      .updateTable('tasks')
      .set({ status: 'done', closed_at: '2025-01-01T00:00:00.000Z' })
      .where('id', '=', done.id)
      .execute();
    const retitled = await patch(done.id, { title: 'Закрытая давно' });
    expect(retitled.closedAt).toBe('2025-01-01T00:00:00.000Z');
    const stored = await ctx.database.db
      .selectFrom('tasks')
      .select('status')
      .where('id', '=', done.id)
      .executeTakeFirst();
    // Only the fields that change are written: the imported status value stays as it was.
    expect(stored?.status).toBe('done');
    expect((await call('GET', '/api/tasks?status=todo')).statusCode).toBe(400);
  });

  it('lists newest first, paged', async () => {
    const made: number[] = [];
    for (let i = 0; i < 5; i += 1) made.push((await create({ title: `Страничная ${i}` })).id);
    const first = (await call('GET', '/api/tasks?limit=3')).json() as Page<TaskDto>;
    const second = (
      await call('GET', `/api/tasks?limit=3&cursor=${first.nextCursor}`)
    ).json() as Page<TaskDto>;
    const seen = [...first.items, ...second.items].map((t) => t.id);
    expect(seen.slice(0, 5)).toEqual([...made].reverse());
  });

  it('stores photos under tasks/{id}/photos, refuses non-images, deletes them with the task', async () => {
    const task = await create({ title: 'С фото' });
    const image = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#f80' } })
      .png()
      .toBuffer();
    const notImage = await uploadPhotos(task.id, [
      { filename: 'scan.jpg', content: Buffer.from('plain text') },
    ]);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error.message).toBe('Файл «scan.jpg» — не изображение');

    const uploaded = await uploadPhotos(task.id, [
      { filename: 'плата.png', content: image, type: 'image/png' },
      { filename: 'коробка.png', content: image, type: 'image/png' },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const withPhotos = uploaded.json<{ task: TaskDetailDto }>().task;
    expect(withPhotos.photos.map((p) => [p.name, p.kind, p.uploadedBy])).toEqual([
      ['плата.png', 'photo', staff.user.displayName],
      ['коробка.png', 'photo', staff.user.displayName],
    ]);
    const folder = path.join(ctx.dataDir, 'files', 'tasks', String(task.id), 'photos');
    expect(fs.readdirSync(folder).filter((f) => f.endsWith('.png'))).toHaveLength(2);

    const [first] = withPhotos.photos;
    const afterDelete = (await call('DELETE', `/api/tasks/${task.id}/photos/${first!.id}`)).json()
      .task as TaskDetailDto;
    expect(afterDelete.photos.map((p) => p.name)).toEqual(['коробка.png']);
    expect((await call('GET', first!.url)).statusCode).toBe(404);
    // A ticket's file id cannot be deleted through another owner.
    expect(
      (await call('DELETE', `/api/tasks/${task.id + 1000}/photos/${afterDelete.photos[0]!.id}`)).statusCode,
    ).toBe(404);

    expect((await call('DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(204);
    const taskFolder = path.join(ctx.dataDir, 'files', 'tasks', String(task.id));
    expect(fs.existsSync(taskFolder)).toBe(true);
    expect((await call('GET', `/api/tasks/${task.id}`)).json().task.deletedAt).toEqual(expect.any(String));
    await ctx.app.trash.deleteForever('task', task.id);
    expect(fs.existsSync(taskFolder)).toBe(false);
    const gone = await call('GET', `/api/tasks/${task.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Задача не найдена');
  });

  it('keeps tasks linked to a client in the Корзина, with the name when it is gone; follows a rename', async () => {
    const client = (await call('POST', '/api/clients', { fullName: 'Временный Тимур' })).json().client;
    const task = await create({ title: 'Отвезти ноутбук', clientId: client.id });
    await call('PATCH', `/api/clients/${client.id}`, { fullName: 'Постоянный Тимур' });
    expect((await call('GET', `/api/tasks/${task.id}`)).json().task.clientName).toBe('Постоянный Тимур');
    const byClient = (await call('GET', `/api/tasks?clientId=${client.id}`)).json() as Page<TaskDto>;
    expect(byClient.items.map((t) => t.id)).toEqual([task.id]);
    await call('DELETE', `/api/clients/${client.id}`);
    expect((await call('GET', `/api/tasks/${task.id}`)).json().task).toMatchObject({
      clientId: client.id,
      clientName: 'Постоянный Тимур',
      clientInTrash: true,
    });
    await ctx.app.trash.deleteForever('client', client.id);
    expect((await call('GET', `/api/tasks/${task.id}`)).json().task).toMatchObject({
      clientId: null,
      clientName: 'Постоянный Тимур',
    });
  });

  it('answers 401 signed out and 404 for unknown tasks', async () => {
    const task = await create({ title: 'Закрытая дверь' });
    for (const [method, url] of [
      ['GET', '/api/tasks'],
      ['GET', `/api/tasks/${task.id}`],
      ['PATCH', `/api/tasks/${task.id}`],
      ['DELETE', `/api/tasks/${task.id}`],
      ['POST', '/api/tasks'],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: { 'x-requested-with': 'fetch' },
        ...(method === 'PATCH' || method === 'POST' ? { payload: { title: 'x' } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call('GET', '/api/tasks/999999')).statusCode).toBe(404);
    expect((await call('PATCH', '/api/tasks/999999', { title: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/tasks/999999')).statusCode).toBe(404);
  });
});
