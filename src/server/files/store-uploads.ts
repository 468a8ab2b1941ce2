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
  kind: 'file' | 'pvz' | 'photo';
  /** Folder in the store, e.g. `tickets/12/files` or `tasks/3/photos` (spec §3). */
  folder: string;
}

/**
 * Inside the caller's transaction: moves each received file into place under a
 * timestamp-prefixed, sanitised name and writes its row. Returns the keys written,
 * so that the caller can remove them if the transaction does not commit.
 */
export async function storeUploads(
  trx: Kysely<DB>,
  store: FileStore,
  files: ReceivedFile[],
  owner: UploadOwner,
  by: { userId: number; userName: string; now: Date },
  written: string[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, file] of files.entries()) {
    // One millisecond apart, so that two files with one name never share a key.
    const { key, thumbKey } = await moveIntoFolder(
      store,
      file,
      owner.folder,
      by.now.getTime() + index,
      written,
    );
    ids.push(
      await insertFile(trx, {
        ticket_id: owner.ticketId ?? null,
        task_id: owner.taskId ?? null,
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
