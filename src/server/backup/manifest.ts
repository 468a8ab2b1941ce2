// What a backup archive holds (issue 21), written last into the archive and checked first on
// restore: every entry with its size and SHA-256, and the row counts of the snapshot.

export const BACKUP_FORMAT = 'gl-zadachi-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
export const SQLITE_ENTRY = 'database.sqlite';
export const PG_DUMP_ENTRY = 'database.pgdump';
export const FILES_PREFIX = 'files/';
export const VAPID_ENTRY = 'vapid-keys.json';

/** The tables counted into the manifest (and compared after a restore). */
export const COUNTED_TABLES = [
  'users',
  'clients',
  'tickets',
  'tasks',
  'history',
  'files',
  'settings',
  'push_subscriptions',
  'stage_spans',
  'services',
  'ticket_lines',
  'payments',
  'estimates',
  'cash_shifts',
  'cash_moves',
  'payers',
  'suppliers',
  'parts',
  'stock_receipts',
  'stock_receipt_lines',
  'stock_counts',
  'stock_count_lines',
  'stock_moves',
  'pay_rules',
  'pay_statements',
  'pay_corrections',
  'client_messages',
  'comments',
  'comment_mentions',
  'import_batches',
  'import_batch_items',
] as const;
export type CountedTable = (typeof COUNTED_TABLES)[number];

export interface ManifestEntry {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  /** The last migration the database had: a restore migrates on from there. */
  migration: string | null;
  counts: Record<CountedTable, number>;
  entries: ManifestEntry[];
}

/**
 * `gl-zadachi-backup-2026-11-24T01-45-00+03-00.tar.gz`: the shop's own clock and its offset
 * (issue 48: a 01:45 backup was named 22-45Z), safe on every file system. Without a zone, UTC
 * as `…T22-45-00Z`, the name archives had before.
 */
export function backupFileName(at: Date, timeZone?: string): string {
  if (!timeZone) return `${BACKUP_FORMAT}-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar.gz`;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  // «GMT+03:00», or plain «GMT» at UTC itself.
  const offset = (parts.timeZoneName ?? 'GMT').slice(3).replace(':', '-') || '+00-00';
  return `${BACKUP_FORMAT}-${parts.year}-${parts.month}-${parts.day}T${parts.hour}-${parts.minute}-${parts.second}${offset}.tar.gz`;
}

export const BACKUP_NAME_PATTERN =
  /^gl-zadachi-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:Z|[+-]\d{2}-\d{2})\.tar\.gz$/;

/** When an archive named by backupFileName was made. */
export function backupCreatedAt(name: string): Date {
  const match = /(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})(Z|([+-]\d{2})-(\d{2}))\.tar\.gz$/.exec(name);
  if (!match) return new Date(Number.NaN);
  const [, date, hour, minute, second, zone, zoneHours, zoneMinutes] = match;
  const offset = zone === 'Z' ? 'Z' : `${zoneHours}:${zoneMinutes}`;
  return new Date(`${date}T${hour}:${minute}:${second}${offset}`);
}

/** A path inside the archive that cannot step out of the folder it is restored into. */
export function isSafeEntryPath(name: string): boolean {
  if (name === '' || name.startsWith('/') || name.includes('\\') || name.includes('\0')) return false;
  return name.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}
