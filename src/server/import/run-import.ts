// `npm run import` (issue 21): brings the previous system's export in, people first, then
// clients, tickets and tasks, each record with its history, files and ledger entry in the
// transaction of a short batch (BATCH_MS). What the ledger lists is skipped, so a second run adds nothing and a run
// cut off part-way goes on where it stopped. A bad record is listed with its reason and the
// rest go on; the database failing stops the run (it would fail every record alike).
import path from 'node:path';
import { sql } from 'kysely';
import { systemClock, type Clock, isoNow } from '../clock';
import { afterBulkChange } from '../db/analyze';
import type { Database } from '../db/database';
import type { FileStore } from '../files/file-store';
import { openFileStore } from '../files/open-file-store';
import type { Config } from '../config';
import { createWorkRules } from '../settings/work-rules';
import { discardPrepared, prepareFiles, type PreparedFile } from './import-files';
import { importedOf, loadLedger, recordImported, type Ledger, type LocalRecord } from './import-ledger';
import { writeClients, writeItems, writeUser, type BatchContext } from './import-writers';
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

/** A record read and checked, waiting for its batch's transaction. */
interface Pending {
  kind: ImportKind;
  sourceId: string;
  ref: string;
  record: Legacy;
  files: PreparedFile[];
  warnings: string[];
}

interface Written {
  local: LocalRecord;
  createdUser?: boolean;
}

/**
 * Records are written in batches: with `synchronous = FULL`, each SQLite commit waits for the disk,
 * which a transaction a record made the import's dearest part. A batch ends after BATCH_MS of
 * work or BATCH_RECORDS records, whichever first: a server beside the import waits at most that
 * long for the write lock.
 */
const BATCH_MS = 25;
const BATCH_RECORDS = 100;

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
    let batch: Pending[] = [];
    let batchStarted = 0;
    // Documents read since the last write: the batch's and those settled without one.
    let waiting = 0;
    for (const doc of exported[kind]) {
      const pending = await prepareOne(kind, doc, seen);
      waiting += 1;
      if (pending) {
        if (batch.length === 0) batchStarted = performance.now();
        batch.push(pending);
      }
      const full = batch.length >= BATCH_RECORDS || performance.now() - batchStarted >= BATCH_MS;
      if (batch.length > 0 && !full) continue;
      if (batch.length > 0) await writeBatch(batch);
      batch = [];
      done += waiting;
      waiting = 0;
      options.onProgress?.(done, total);
    }
    if (batch.length > 0) await writeBatch(batch);
    if (waiting > 0) options.onProgress?.((done += waiting), total);
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

  /**
   * A record read and checked, its files prepared: what remains is writing it. Refused, already
   * imported and dry-run records are settled here and give null.
   */
  async function prepareOne(
    kind: ImportKind,
    doc: LegacyDocument,
    seen: Set<string>,
  ): Promise<Pending | null> {
    const totals = report.totals[kind];
    const ref = doc.sourceId ?? `№${doc.position}`;
    const refuse = (reason: string) => {
      totals.refused += 1;
      report.problems.push({ kind, ref, reason, imported: false });
      return null;
    };
    if (!doc.sourceId) return refuse('нет id');
    if (seen.has(doc.sourceId)) return refuse('id повторяется в выгрузке — перенесена первая запись с ним');
    seen.add(doc.sourceId);
    if (ledger[kind].has(doc.sourceId)) {
      totals.already += 1;
      return null;
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
    const pending = { kind, sourceId: doc.sourceId, ref, record, files, warnings };
    if (store) return pending;
    if (kind === 'user') await foreseeUser(record as LegacyUser);
    // Later records' references to it resolve, as they will in the real run.
    if (kind === 'user' || kind === 'client') ledger[kind].set(doc.sourceId, { id: null, name: '' });
    settle(pending, { local: { id: null, name: '' } });
    return null;
  }

  /**
   * Records written in one transaction with their ledger entries: all of them or none, so a run
   * cut off part-way leaves whole records and goes on after the last batch that committed.
   */
  async function writeBatch(batch: Pending[]) {
    const written: string[] = [];
    let outcomes: (Written | null)[];
    try {
      outcomes = await db.transaction().execute(async (trx) => {
        if (options.database.dialect === 'postgres') {
          // The foreign keys' checks (a stage span's ticket, an item's client) are planned once a
          // connection and kept: planned while the table was nearly empty, a check reads it whole,
          // and every batch reads a larger one (40,000 records: 100 s of the import's 110 in
          // stage spans' checks). Planned afresh each time, they take the key's index.
          await sql`set local plan_cache_mode = force_custom_plan`.execute(trx);
        }
        // Another run may have taken some meanwhile.
        const taken = await importedOf(trx, batch);
        const fresh = batch.filter(({ sourceId }) => !taken.has(sourceId));
        const results = await write(
          { trx, dialect: options.database.dialect, ledger, store: store as FileStore, written },
          fresh,
        );
        const now = isoNow(clock);
        await recordImported(
          trx,
          fresh.flatMap(({ kind, sourceId }, i) => {
            const id = results[i]?.local.id;
            return id == null ? [] : [{ kind, sourceId, localId: id, now }];
          }),
        );
        const byId = new Map(fresh.map(({ sourceId }, i) => [sourceId, results[i] as Written]));
        return batch.map(({ sourceId }) => byId.get(sourceId) ?? null);
      });
    } catch (error) {
      await Promise.all(written.map((key) => (store as FileStore).remove(key).catch(() => undefined)));
      throw error;
    } finally {
      for (const { files } of batch) discardPrepared(files);
    }
    batch.forEach((pending, i) => {
      const outcome = outcomes[i];
      // Null: another run took it meanwhile.
      if (outcome) settle(pending, outcome);
      else report.totals[pending.kind].already += 1;
    });
  }

  /** A record written (or, in a dry run, that would be): counted, linked, its warnings listed. */
  function settle({ kind, sourceId, ref, record, files, warnings }: Pending, outcome: Written) {
    if (outcome.local.id !== null) ledger[kind].set(sourceId, outcome.local);
    report.totals[kind].added += 1;
    report.files.added += files.length;
    if (kind === 'user' && store) {
      const { email } = record as LegacyUser;
      if (outcome.createdUser) report.newUsers.push({ id: outcome.local.id as number, email });
      else report.matchedUsers.push(email);
    }
    for (const reason of warnings) report.problems.push({ kind, ref, reason, imported: true });
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

  /** One batch's records (all of one kind) written: people one by one, the others together. */
  async function write(batch: BatchContext, records: Pending[]): Promise<Written[]> {
    const kind = records[0]?.kind;
    if (kind === undefined) return [];
    if (kind === 'user') {
      const results: Written[] = [];
      for (const { record } of records) {
        const { record: local, created } = await writeUser(batch.trx, record as LegacyUser);
        results.push({ local, createdUser: created });
      }
      return results;
    }
    const locals =
      kind === 'client'
        ? await writeClients(
            batch,
            records.map(({ record }) => record as LegacyClient),
          )
        : await writeItems(
            batch,
            kind,
            records.map(({ record, files }) => ({ record: record as LegacyTicket | LegacyTask, files })),
          );
    return locals.map((local) => ({ local }));
  }
}
