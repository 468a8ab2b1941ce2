// `npm run import` (issue 21): brings the previous system's export in, people first, then
// clients, tickets and tasks, each record in a transaction of its own with its history, files
// and ledger entry. What the ledger lists is skipped, so a second run adds nothing and a run
// cut off part-way goes on where it stopped. A bad record is listed with its reason and the
// rest go on; the database failing stops the run (it would fail every record alike).
import path from 'node:path';
import type { Kysely } from 'kysely';
import { systemClock, type Clock, isoNow } from '../clock';
import { afterBulkChange } from '../db/analyze';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import type { FileStore } from '../files/file-store';
import { openFileStore } from '../files/open-file-store';
import type { Config } from '../config';
import { createWorkRules } from '../settings/work-rules';
import { discardPrepared, prepareFiles, type PreparedFile } from './import-files';
import { isImported, loadLedger, recordImported, type Ledger, type LocalRecord } from './import-ledger';
import { writeClient, writeTask, writeTicket, writeUser } from './import-writers';
import { IMPORT_KINDS, readLegacyExport, type ImportKind, type LegacyDocument } from './legacy-export';
import {
  readLegacyClient,
  readLegacyTask,
  readLegacyTicket,
  readLegacyUser,
  type LegacyClient,
  type LegacyTask,
  type LegacyTicket,
  type LegacyUser,
  type ReadContext,
} from './legacy-records';
import { RecordProblem } from './legacy-values';

export interface ImportOptions {
  database: Database;
  /** The app's data folder: files go to its `files/` (or to `s3`'s bucket when given). */
  dataDir: string;
  s3?: Config['s3'];
  exportFile: string;
  /** Where the export's files are, by their storage paths; null: records come without files. */
  filesDir: string | null;
  dryRun: boolean;
  clock?: Clock;
  onProgress?: (done: number, total: number) => void;
}

export interface KindTotals {
  found: number;
  /** Written (in a dry run: would be). */
  added: number;
  /** Imported by an earlier run. */
  already: number;
  refused: number;
}

export interface ImportProblem {
  kind: ImportKind;
  /** The record's id in the old system, or «№N» for one without. */
  ref: string;
  reason: string;
  /** False: the record was left out; true: it came in without what the reason names. */
  imported: boolean;
}

export interface ImportReport {
  dryRun: boolean;
  totals: Record<ImportKind, KindTotals>;
  files: { added: number; missing: number; notAsked: number };
  /** People whose e-mail already had an account here: their records link to it. */
  matchedUsers: string[];
  /** Accounts made by this run: they need a reset link to get a password. */
  newUsers: { id: number; email: string }[];
  problems: ImportProblem[];
  /** After the import (or, in a dry run, after it would be done) nobody here is an admin. */
  noAdmin: boolean;
}

type Legacy = LegacyUser | LegacyClient | LegacyTicket | LegacyTask;

const READERS: Record<ImportKind, (data: unknown, ctx: ReadContext) => Legacy> = {
  user: readLegacyUser,
  client: readLegacyClient,
  ticket: readLegacyTicket,
  task: readLegacyTask,
};

function fileGroups(kind: ImportKind, record: Legacy) {
  if (kind === 'ticket') {
    const ticket = record as LegacyTicket;
    return [
      { kind: 'file' as const, files: ticket.attachments },
      { kind: 'pvz' as const, files: ticket.pvzPhotos },
    ];
  }
  if (kind === 'task') return [{ kind: 'photo' as const, files: (record as LegacyTask).photos }];
  return [];
}

/** References to people and clients the export does not have (or that were refused). */
function referenceWarnings(kind: ImportKind, record: Legacy, ledger: Ledger): string[] {
  if (kind !== 'ticket' && kind !== 'task') return [];
  const item = record as LegacyTicket | LegacyTask;
  const warnings: string[] = [];
  if (item.clientId && !ledger.client.has(item.clientId)) {
    warnings.push(`клиента «${item.clientId}» нет среди перенесённых — без ссылки на клиента, имя сохранено`);
  }
  if (item.assigneeId && !ledger.user.has(item.assigneeId)) {
    warnings.push(`исполнителя «${item.assigneeId}» нет среди перенесённых — имя сохранено`);
  }
  return warnings;
}

export async function runImport(options: ImportOptions): Promise<ImportReport> {
  const clock = options.clock ?? systemClock;
  const db = options.database.db;
  const exported = await readLegacyExport(options.exportFile);
  const { timeZone } = await createWorkRules(db, clock).get();
  const ledger = await loadLedger(db);
  const store: FileStore | null = options.dryRun
    ? null
    : await openFileStore(
        { dataDir: path.resolve(options.dataDir), s3: options.s3 ?? null },
        { tempFolder: '.tmp-import' },
      );

  const report: ImportReport = {
    dryRun: options.dryRun,
    totals: Object.fromEntries(
      IMPORT_KINDS.map((kind) => [kind, { found: exported[kind].length, added: 0, already: 0, refused: 0 }]),
    ) as Record<ImportKind, KindTotals>,
    files: { added: 0, missing: 0, notAsked: 0 },
    matchedUsers: [],
    newUsers: [],
    problems: [],
    noAdmin: false,
  };
  let adminsToAdd = 0;
  const total = IMPORT_KINDS.reduce((sum, kind) => sum + exported[kind].length, 0);
  let done = 0;

  for (const kind of IMPORT_KINDS) {
    const seen = new Set<string>();
    for (const doc of exported[kind]) {
      await importOne(kind, doc, seen);
      done += 1;
      options.onProgress?.(done, total);
    }
  }
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  report.noAdmin = !admin && adminsToAdd === 0;
  if (IMPORT_KINDS.some((kind) => report.totals[kind].added > 0) && store) {
    await afterBulkChange(options.database);
  }
  return report;

  async function importOne(kind: ImportKind, doc: LegacyDocument, seen: Set<string>) {
    const totals = report.totals[kind];
    const ref = doc.sourceId ?? `№${doc.position}`;
    const refuse = (reason: string) => {
      totals.refused += 1;
      report.problems.push({ kind, ref, reason, imported: false });
    };
    if (!doc.sourceId) return refuse('нет id');
    if (seen.has(doc.sourceId)) return refuse('id повторяется в выгрузке — перенесена первая запись с ним');
    seen.add(doc.sourceId);
    if (ledger[kind].has(doc.sourceId)) {
      totals.already += 1;
      return;
    }
    const warnings: string[] = [];
    let record: Legacy;
    try {
      record = READERS[kind](doc.data, { timeZone, now: isoNow(clock), warnings });
    } catch (error) {
      if (error instanceof RecordProblem) return refuse(error.message);
      throw error;
    }
    warnings.push(...referenceWarnings(kind, record, ledger));
    const groups = fileGroups(kind, record);
    const fileCount = groups.reduce((sum, group) => sum + group.files.length, 0);
    let files: PreparedFile[] = [];
    if (options.filesDir === null) report.files.notAsked += fileCount;
    else {
      const before = warnings.length;
      files = await prepareFiles(groups, { filesDir: options.filesDir, store, warnings });
      report.files.missing += warnings.length - before;
    }
    const warn = () => {
      for (const reason of warnings) report.problems.push({ kind, ref, reason, imported: true });
    };

    if (!store) {
      if (kind === 'user') await foreseeUser(record as LegacyUser);
      totals.added += 1;
      report.files.added += files.length;
      // Later records' references to it resolve, as they will in the real run.
      if (kind === 'user' || kind === 'client') ledger[kind].set(doc.sourceId, { id: null, name: '' });
      warn();
      return;
    }

    const written: string[] = [];
    let outcome: { local: LocalRecord; createdUser?: boolean } | null;
    try {
      outcome = await options.database.db.transaction().execute(async (trx) => {
        if (await isImported(trx, kind, doc.sourceId as string)) return null;
        const result = await write(trx, kind, record, { files, written });
        if (result.local.id !== null) {
          await recordImported(trx, kind, doc.sourceId as string, result.local.id, isoNow(clock));
        }
        return result;
      });
    } catch (error) {
      await Promise.all(written.map((key) => store.remove(key).catch(() => undefined)));
      throw error;
    } finally {
      discardPrepared(files);
    }
    if (!outcome) {
      // Another run took it meanwhile.
      totals.already += 1;
      return;
    }
    ledger[kind].set(doc.sourceId, outcome.local);
    totals.added += 1;
    report.files.added += files.length;
    if (kind === 'user') {
      const { email } = record as LegacyUser;
      if (outcome.createdUser) report.newUsers.push({ id: outcome.local.id as number, email });
      else report.matchedUsers.push(email);
    }
    warn();
  }

  /** In a dry run: whether the person would be linked to an account here, or added (as an admin?). */
  async function foreseeUser(user: LegacyUser) {
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('email_lower', '=', user.email.toLowerCase())
      .executeTakeFirst();
    if (existing) report.matchedUsers.push(user.email);
    else if (user.role === 'admin') adminsToAdd += 1;
  }

  async function write(
    trx: Kysely<DB>,
    kind: ImportKind,
    record: Legacy,
    parts: { files: PreparedFile[]; written: string[] },
  ): Promise<{ local: LocalRecord; createdUser?: boolean }> {
    if (kind === 'user') {
      const { record: local, created } = await writeUser(trx, record as LegacyUser);
      return { local, createdUser: created };
    }
    if (kind === 'client') return { local: await writeClient(trx, record as LegacyClient) };
    const ctx = { trx, ledger, store: store as FileStore, ...parts };
    if (kind === 'ticket') return { local: await writeTicket(ctx, record as LegacyTicket) };
    return { local: await writeTask(ctx, record as LegacyTask) };
  }
}
