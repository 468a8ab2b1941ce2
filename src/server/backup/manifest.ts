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

/** `gl-zadachi-backup-2026-11-23T21-40-05Z.tar.gz`: sorts by time, safe on every file system. */
export function backupFileName(at: Date): string {
  return `${BACKUP_FORMAT}-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar.gz`;
}

export const BACKUP_NAME_PATTERN = /^gl-zadachi-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;

/** A path inside the archive that cannot step out of the folder it is restored into. */
export function isSafeEntryPath(name: string): boolean {
  if (name === '' || name.startsWith('/') || name.includes('\\') || name.includes('\0')) return false;
  return name.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}
