import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import type { WorkItemDto } from '../../domain/worklist-query';
import { apiCaller, describeEachDatabase, TEST_PASSWORD, type SignedIn } from '../test/test-app';
import type { ImportKind } from './legacy-export';
import { formatImportReport } from './import-report';
import { newUserLinks } from './new-user-links';
import { runImport, type ImportReport } from './run-import';
import { refreshDerived } from '../work/derived-columns';
import { makeSampleExport, type SampleExport } from './sample-export';

// Issue 21: the previous system's export comes in whole — legacy values as they were, history,
// files byte for byte — each broken record listed with its reason, and a second run, or a run
// after one that was cut off, adds nothing twice.

const SIZES = { users: 4, clients: 20, tickets: 36, tasks: 18 };
const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

function problemRefs(report: ImportReport, kind: ImportKind, imported: boolean): string[] {
  return [
    ...new Set(report.problems.filter((p) => p.kind === kind && p.imported === imported).map((p) => p.ref)),
  ].sort();
}

describeEachDatabase('import from the previous system', (ctx) => {
  let dir: string;
  let sample: SampleExport;
  let exportFile: string;
  let filesDir: string;
  let admin: SignedIn;
  const call = apiCaller(ctx, () => admin);

  const importOnce = (
    options: { dryRun?: boolean; onProgress?: (done: number, total: number) => void } = {},
  ) =>
    runImport({
      database: ctx.database,
      dataDir: ctx.dataDir,
      exportFile,
      filesDir,
      dryRun: options.dryRun ?? false,
      onProgress: options.onProgress,
    });

  async function counts() {
    const db = ctx.database.db;
    const count = async (
      table: 'users' | 'clients' | 'tickets' | 'tasks' | 'history' | 'files' | 'stage_spans',
    ) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      users: await count('users'),
      clients: await count('clients'),
      tickets: await count('tickets'),
      tasks: await count('tasks'),
      history: await count('history'),
      files: await count('files'),
      spans: await count('stage_spans'),
    };
  }

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-import-'));
    filesDir = path.join(dir, 'files');
    sample = makeSampleExport(7, SIZES, filesDir);
    exportFile = path.join(dir, 'export.json');
    fs.writeFileSync(exportFile, JSON.stringify(sample.json));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  let dry: ImportReport;

  it('a dry run reports what would come in and what would not, and writes nothing', async () => {
    const before = await counts();
    dry = await importOnce({ dryRun: true });
    expect(await counts()).toEqual(before);
    expect(fs.existsSync(path.join(ctx.dataDir, 'files', 'tickets'))).toBe(false);
    for (const kind of ['user', 'client', 'ticket', 'task'] as const) {
      expect(problemRefs(dry, kind, false)).toEqual([...sample.refused[kind]].sort());
      expect(problemRefs(dry, kind, true)).toEqual([...sample.warned[kind]].sort());
      const totals = dry.totals[kind];
      expect(totals.added + totals.refused).toBe(totals.found);
    }
    expect(dry.totals.ticket.added).toBe(SIZES.tickets + sample.warned.ticket.length);
    expect(dry.files).toEqual({ added: sample.files, missing: 2, notAsked: 0 });
    expect(dry.noAdmin).toBe(false);
  });

  it('takes no file through a link that leads out of the files folder', async () => {
    const outside = path.join(dir, 'secret.txt');
    fs.writeFileSync(outside, 'не для переноса');
    const linked = path.join(dir, 'linked');
    fs.mkdirSync(path.join(linked, 'tickets', 'x', 'files'), { recursive: true });
    fs.symlinkSync(outside, path.join(linked, 'tickets', 'x', 'files', '1_secret.txt'));
    const file = path.join(dir, 'linked.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        tickets: [
          {
            id: 'x',
            title: 'Замена SSD',
            status: 'new',
            createdAt: '2025-01-01T00:00:00Z',
            attachments: [{ name: 'secret.txt', path: 'tickets/x/files/1_secret.txt' }],
          },
        ],
      }),
    );
    const report = await runImport({
      database: ctx.database,
      dataDir: ctx.dataDir,
      exportFile: file,
      filesDir: linked,
      dryRun: true,
    });
    expect(report.files).toMatchObject({ added: 0, missing: 1 });
    expect(report.problems[0]!.reason).toContain('ссылка за пределы папки файлов');
  });

  it('says so when nobody would be an admin', async () => {
    const file = path.join(dir, 'staff-only.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ users: [{ uid: 'u1', email: 'only@staff.ru', role: 'employee' }] }),
    );
    const report = await runImport({
      database: ctx.database,
      dataDir: ctx.dataDir,
      exportFile: file,
      filesDir: null,
      dryRun: true,
    });
    expect(report.noAdmin).toBe(true);
    expect(formatImportReport(report)).toContain('npm run set-role -- EMAIL admin');
  });

  it('imports every good record with its history and files, byte for byte', async () => {
    const progress: number[] = [];
    const report = await importOnce({ onProgress: (done) => progress.push(done) });
    expect(report.totals).toEqual(dry.totals);
    expect(report.problems).toEqual(dry.problems);
    expect(progress.at(-1)).toBe(Object.values(report.totals).reduce((sum, totals) => sum + totals.found, 0));
    const now = await counts();
    expect(now).toMatchObject({
      users: report.totals.user.added,
      clients: report.totals.client.added,
      tickets: report.totals.ticket.added,
      tasks: report.totals.task.added,
      files: sample.files,
    });
    // Every file is the exported one, under the record's folder here.
    const files = await ctx.database.db.selectFrom('files').selectAll().execute();
    for (const file of files) {
      const stored = path.join(ctx.dataDir, 'files', file.path);
      const legacyName = `_${file.name}`;
      const owner = file.ticket_id
        ? await ctx.database.db
            .selectFrom('import_sources')
            .select('source_id')
            .where('source_kind', '=', 'ticket')
            .where('local_id', '=', file.ticket_id)
            .executeTakeFirstOrThrow()
        : await ctx.database.db
            .selectFrom('import_sources')
            .select('source_id')
            .where('source_kind', '=', 'task')
            .where('local_id', '=', file.task_id!)
            .executeTakeFirstOrThrow();
      const folder = { file: 'files', pvz: 'pvz', photo: 'photos' }[file.kind]!;
      const sources = fs
        .readdirSync(path.join(filesDir, file.ticket_id ? 'tickets' : 'tasks', owner.source_id, folder))
        .filter((name) => name.endsWith(legacyName));
      expect(sources).toHaveLength(1);
      expect(sha(stored)).toBe(
        sha(path.join(filesDir, file.ticket_id ? 'tickets' : 'tasks', owner.source_id, folder, sources[0]!)),
      );
      expect(file.mime).toBe(file.name.endsWith('.pdf') ? 'application/pdf' : 'image/png');
      if (file.mime === 'image/png') expect(file.thumb_path).not.toBeNull();
    }
  });

  it.skipIf(ctx.dialect !== 'postgres')('leaves PostgreSQL knowing how many rows it brought', async () => {
    // Without ANALYZE a freshly loaded table reads as empty (-1) to the planner (issue 22).
    const { rows } = await sql<{ relname: string; reltuples: number }>`
      select c.relname, c.reltuples from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${ctx.database.schema} and c.relname in ('tickets', 'tasks', 'history')`.execute(
      ctx.database.db,
    );
    const tuples = Object.fromEntries(rows.map((row) => [row.relname, Number(row.reltuples)]));
    expect(tuples.tickets).toBe(dry.totals.ticket.added);
    expect(tuples.tasks).toBe(dry.totals.task.added);
    expect(tuples.history).toBeGreaterThan(dry.totals.ticket.added);
  });

  it('a second run adds nothing', async () => {
    const before = await counts();
    const again = await importOnce();
    expect(await counts()).toEqual(before);
    for (const kind of ['user', 'client', 'ticket', 'task'] as const) {
      expect(again.totals[kind]).toMatchObject({ added: 0, already: dry.totals[kind].added });
    }
    expect(again.files.added).toBe(0);
  });

  it('people come without a password; the link the import prints sets one', async () => {
    const first = await ctx.database.db
      .selectFrom('users')
      .select(['id', 'email', 'role'])
      .where('email', '=', `staff1.7@example.ru`)
      .executeTakeFirstOrThrow();
    expect(first.role).toBe('admin');
    const refusal = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: first.email, password: TEST_PASSWORD },
    });
    expect(refusal.statusCode).toBe(401);
    const [link] = await newUserLinks(ctx.database.db, [first], 'https://shop.example', new Date());
    expect(link!.link).toMatch(/^https:\/\/shop\.example\/.*#/);
    const token = link!.link.split('#')[1]!;
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { token, password: TEST_PASSWORD },
    });
    expect(reset.statusCode).toBe(204);
    admin = await ctx.signIn(first.email);
    expect(admin.user.role).toBe('admin');
  });

  async function localId(kind: 'ticket' | 'task' | 'client', sourceId: string) {
    const row = await ctx.database.db
      .selectFrom('import_sources')
      .select('local_id')
      .where('source_kind', '=', kind)
      .where('source_id', '=', sourceId)
      .executeTakeFirstOrThrow();
    return row.local_id;
  }

  it('legacy statuses, history, links and files read as they were', async () => {
    const legacy = (sample.json.tickets as { id: string; status: string }[]).find(
      (t) => t.status === 'picked_from_pvz',
    )!;
    const response = await call('GET', `/api/tickets/${await localId('ticket', legacy.id)}`);
    expect(response.statusCode).toBe(200);
    const ticket = response.json<{ ticket: TicketDetailDto }>().ticket;
    expect(ticket.status).toBe('picked_from_pvz');
    expect(ticket.clientId).not.toBeNull();
    // status_since is the step into the legacy status, not the import's time.
    expect(Date.parse(ticket.statusSince)).toBeLessThan(Date.parse('2027-01-01'));
    const history = await call('GET', `/api/tickets/${ticket.id}/history?limit=50`);
    const steps = history
      .json<{
        items: {
          action: string;
          newStatus: string | null;
          oldValue: string | null;
          newValue: string | null;
        }[];
      }>()
      .items.filter((h) => h.action === 'status_change');
    // Newest first, read as the app's own steps: from which status to which.
    expect(steps[0]).toMatchObject({
      newStatus: 'picked_from_pvz',
      oldValue: 'Прибыл в ПВЗ',
      newValue: 'Забран из ПВЗ',
    });
    expect(steps.at(-1)).toMatchObject({ oldValue: 'Новая', newValue: 'Доставка оформлена' });

    const withFile = (sample.json.tickets as { id: string; attachments?: unknown[] }[]).find(
      (t) => (t.attachments?.length ?? 0) > 0 && !sample.warned.ticket.includes(t.id),
    )!;
    const detail = (await call('GET', `/api/tickets/${await localId('ticket', withFile.id)}`)).json<{
      ticket: TicketDetailDto;
    }>().ticket;
    expect(detail.attachments).toHaveLength(1);
    expect(detail.attachments[0]!.name).toBe('акт приёмки.pdf');
    const download = await call('GET', detail.attachments[0]!.url);
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain(withFile.id);

    const withLink = (sample.json.clients as { id: string; whatsappUrl?: string }[]).find(
      (c) => c.whatsappUrl,
    )!;
    const client = await call('GET', `/api/clients/${await localId('client', withLink.id)}`);
    expect(client.json<{ client: { whatsappUrl: string | null } }>().client.whatsappUrl).toBe(
      withLink.whatsappUrl,
    );
    const script = await call('GET', `/api/clients/${await localId('client', sample.warned.client[0]!)}`);
    expect(script.json<{ client: { whatsappUrl: string | null } }>().client.whatsappUrl).toBeNull();
    const clientHistory = await call('GET', `/api/clients/${await localId('client', withLink.id)}/history`);
    expect(clientHistory.json<{ items: { action: string; userName: string }[] }>().items).toEqual([
      expect.objectContaining({ action: 'create', userName: 'Перенесено из прежней системы' }),
    ]);
  });

  it('a record the old tool kept no history for starts with its creation, by whom and when', async () => {
    const task = (sample.json.tasks as { id: string; createdBy: string }[])[0]!;
    const taskId = await localId('task', task.id);
    const history = await call('GET', `/api/tasks/${taskId}/history?limit=50`);
    const items = history.json<{ items: { action: string; userName: string; ts: string }[] }>().items;
    const creator = (sample.json.users as Record<string, { displayName: string }>)[task.createdBy]!;
    expect(items).toEqual([expect.objectContaining({ action: 'create', userName: creator.displayName })]);
  });

  it('the worklist shows the imported items, todo and done tasks read as new and closed', async () => {
    const open = await call('GET', '/api/work?states=new&limit=100');
    const items = open.json<{ items: WorkItemDto[] }>().items;
    const todo = (sample.json.tasks as { id: string; status: string }[]).find((t) => t.status === 'todo')!;
    const todoId = await localId('task', todo.id);
    expect(items.some((item) => item.kind === 'task' && item.id === todoId)).toBe(true);
    const counts = (await call('GET', '/api/work/counts')).json<Record<string, number>>();
    const closedTasks = (sample.json.tasks as { status: string }[]).filter((t) =>
      ['closed', 'done'].includes(t.status),
    ).length;
    const closedTickets = (sample.json.tickets as { status?: string }[]).filter(
      (t) => typeof t === 'object' && t.status === 'closed',
    ).length;
    // The duplicate of the first ticket is not imported; it is not closed either.
    expect(JSON.stringify(counts)).toContain(`"closed":${closedTasks + closedTickets}`);
  });

  it('writes each item whole: its search, state and order columns as the app derives them', async () => {
    const derived = ['search_text', 'client_phone_digits', 'work_state', 'work_sort'] as const;
    for (const [kind, table] of [
      ['ticket', 'tickets'],
      ['task', 'tasks'],
    ] as const) {
      const read = () =>
        ctx.database.db
          .selectFrom(table)
          .select(['id', ...derived])
          .orderBy('id')
          .execute();
      const imported = await read();
      expect(imported.length).toBeGreaterThan(10);
      // Some items carry their client's phone: search by it finds them.
      expect(imported.some((row) => row.client_phone_digits !== '')).toBe(true);
      for (const row of imported) await refreshDerived(ctx.database.db, kind, row.id);
      expect(await read()).toEqual(imported);
    }
  });

  it('a run cut off part-way goes on where it stopped and ends with what one run makes', async () => {
    const full = await counts();
    // A fresh copy of the export under new ids: the first run is stopped after a third.
    const again = makeSampleExport(8, SIZES, path.join(dir, 'files8'));
    const file = path.join(dir, 'export8.json');
    fs.writeFileSync(file, JSON.stringify(again.json));
    const options = { database: ctx.database, dataDir: ctx.dataDir, exportFile: file, dryRun: false };
    const stop = new Error('cut off');
    await expect(
      runImport({
        ...options,
        filesDir: path.join(dir, 'files8'),
        onProgress: (done, total) => {
          if (done > total / 3) throw stop;
        },
      }),
    ).rejects.toBe(stop);
    const part = await counts();
    expect(part.tickets).toBeGreaterThanOrEqual(full.tickets);
    const rest = await runImport({ ...options, filesDir: path.join(dir, 'files8') });
    expect(rest.totals.user.already + rest.totals.client.already).toBeGreaterThan(0);
    const end = await counts();
    // The two exports are the same size with the same broken records: twice one run's additions.
    expect(end.tickets - full.tickets).toBe(full.tickets);
    expect(end.tasks - full.tasks).toBe(full.tasks);
    expect(end.clients - full.clients).toBe(full.clients);
    expect(end.files - full.files).toBe(again.files);
  });
});
