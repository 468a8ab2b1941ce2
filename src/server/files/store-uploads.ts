import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FileStore } from './file-store';
import { sanitizeFileName } from './file-names';
import { insertFile } from './files.repository';
import type { ReceivedFile } from './receive-uploads';

export interface UploadOwner {
  /** Exactly one of them: the ticket or the task the files belong to. */
  ticketId?: number;
  taskId?: number;
  /** A comment's photo (issue 55): shown in its thread, not among the item's files. */
  commentId?: number;
  kind: 'file' | 'pvz' | 'photo' | 'comment';
}

/**
 * Before the transaction: moves each received file (and its preview) into the store under a
 * timestamp-prefixed, sanitised name. Done outside the transaction because with an S3 bucket each
 * move is a request that may take seconds, and a transaction must not hold the database (SQLite's
 * one writer, a PostgreSQL connection) for that long. The keys go into `written` as they land, so
 * that a caller whose transaction does not commit removes them.
 */
export async function placeUploads(
  store: FileStore,
  files: ReceivedFile[],
  folder: string,
  now: Date,
  written: string[],
): Promise<PlacedUpload[]> {
  const placed: PlacedUpload[] = [];
  for (const [index, file] of files.entries()) {
    // One millisecond apart, so that two files with one name never share a key.
    placed.push({ file, ...(await moveIntoFolder(store, file, folder, now.getTime() + index, written)) });
  }
  return placed;
}

export interface PlacedUpload {
  file: ReceivedFile;
  key: string;
  thumbKey: string | null;
}

/** Inside the caller's transaction: one row per placed file. Returns the rows' ids. */
export async function recordUploads(
  trx: Kysely<DB>,
  placed: PlacedUpload[],
  owner: UploadOwner,
  by: { userId: number; userName: string; now: Date },
): Promise<number[]> {
  const ids: number[] = [];
  for (const { file, key, thumbKey } of placed) {
    ids.push(
      await insertFile(trx, {
        ticket_id: owner.ticketId ?? null,
        task_id: owner.taskId ?? null,
        comment_id: owner.commentId ?? null,
        kind: owner.kind,
        name: file.name,
        size: file.size,
        mime: file.mime,
        path: key,
        thumb_path: thumbKey,
        uploaded_by: by.userId,
        uploaded_by_name: by.userName,
        created_at: by.now.toISOString(),
      }),
    );
  }
  return ids;
}

/**
 * Moves a finished temporary file (and its preview) into `folder` under a timestamp-prefixed,
 * sanitised name (spec §3); adds the keys to `written` so a caller whose transaction does not
 * commit can remove them.
 */
export async function moveIntoFolder(
  store: FileStore,
  file: { tempPath: string; thumbTempPath: string | null; name: string },
  folder: string,
  stamp: number,
  written: string[],
): Promise<{ key: string; thumbKey: string | null }> {
  const key = `${folder}/${stamp}_${sanitizeFileName(file.name)}`;
  const thumbKey = file.thumbTempPath ? `${folder}/thumbs/${stamp}.webp` : null;
  await store.moveIn(file.tempPath, key);
  written.push(key);
  if (file.thumbTempPath && thumbKey) {
    await store.moveIn(file.thumbTempPath, thumbKey);
    written.push(thumbKey);
  }
  return { key, thumbKey };
}

/** Best effort: a file that will not go is logged and skipped (spec §8); its record goes anyway. */
export async function removeStoredQuietly(store: FileStore, keys: (string | null)[], log: FastifyBaseLogger) {
  for (const key of keys) {
    if (!key) continue;
    try {
      await store.remove(key);
    } catch (error) {
      log.warn({ err: error, key }, 'could not delete stored file');
    }
  }
}
