import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES, TEMPLATE_KEYS, type MessageTemplatesDto } from '../../domain/message-templates';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// Issue 19: the message templates, one versioned value like the shop's requisites.
describeEachDatabase('message templates', (ctx) => {
  let admin: SignedIn;
  let staff: SignedIn;
  const call = apiCaller(ctx, () => admin);
  const all = (overrides: Partial<Record<string, string>>, version: number) => ({
    version,
    ...Object.fromEntries(TEMPLATE_KEYS.map((key) => [key, DEFAULT_TEMPLATES[key]])),
    ...overrides,
  });

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    staff = await ctx.loginAs('employee');
  });

  it('reads the built-in texts before any save, for every signed-in user', async () => {
    const read = await call('GET', '/api/settings/message-templates', undefined, staff);
    expect(read.statusCode).toBe(200);
    const { templates } = read.json<{ templates: MessageTemplatesDto }>();
    expect(templates).toMatchObject({ ...DEFAULT_TEMPLATES, version: 1, updatedAt: null });
  });

  it('saves every template whole with line breaks and emoji; employees may not', async () => {
    const denied = await call('PUT', '/api/settings/message-templates', all({}, 1), staff);
    expect(denied.statusCode).toBe(403);
    const saved = await call(
      'PUT',
      '/api/settings/message-templates',
      all({ in_repair: '🔧 {номер}\nВ работе' }, 1),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ templates: MessageTemplatesDto }>().templates).toMatchObject({
      in_repair: '🔧 {номер}\nВ работе',
      version: 2,
      updatedByName: admin.user.displayName,
    });
    const read = await call('GET', '/api/settings/message-templates', undefined, staff);
    expect(read.json<{ templates: MessageTemplatesDto }>().templates.in_repair).toBe('🔧 {номер}\nВ работе');
  });

  it('refuses a save based on an older version with 409 and the templates as they are now', async () => {
    const current = (await call('GET', '/api/settings/message-templates')).json<{
      templates: MessageTemplatesDto;
    }>().templates;
    const first = await call(
      'PUT',
      '/api/settings/message-templates',
      all({ closed: 'Первый' }, current.version),
    );
    expect(first.statusCode).toBe(200);
    const second = await call(
      'PUT',
      '/api/settings/message-templates',
      all({ closed: 'Второй' }, current.version),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('Шаблоны уже изменил другой сотрудник');
    expect(second.json().templates).toMatchObject({ closed: 'Первый', version: current.version + 1 });
  });

  it('refuses a template over the limit, or a field it does not know, in Russian, storing nothing', async () => {
    const current = (await call('GET', '/api/settings/message-templates')).json<{
      templates: MessageTemplatesDto;
    }>().templates;
    const long = await call(
      'PUT',
      '/api/settings/message-templates',
      all({ general: 'я'.repeat(1001) }, current.version),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/^Шаблон «Общий»/);
    const unknown = await call('PUT', '/api/settings/message-templates', {
      ...all({}, current.version),
      extra: 'x',
    });
    expect(unknown.statusCode).toBe(400);
    const after = (await call('GET', '/api/settings/message-templates')).json<{
      templates: MessageTemplatesDto;
    }>().templates;
    expect(after.version).toBe(current.version);
  });
});
