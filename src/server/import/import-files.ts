// The files of imported records (attachments, ПВЗ photos, task photos): found under --files by
// their storage path (spec §3), checked and previewed as an upload is, then moved into place in
// the record's transaction.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FileStore } from '../files/file-store';
import { displayFileName } from '../files/file-names';
import { moveIntoFolder } from '../files/store-uploads';
import { insertFile } from '../files/files.repository';
import { inspectFile, makeThumbnail } from '../files/inspect-file';
import type { LegacyFile } from './legacy-records';

export interface PreparedFile {
  kind: 'file' | 'pvz' | 'photo';
  /** Null in a dry run: the file was only looked at. */
  tempPath: string | null;
  thumbTempPath: string | null;
  name: string;
  size: number;
  mime: string;
  ts: string | null;
  uploadedBy: string | null;
}

/** The old tool's names start with a timestamp (spec §3): «1700000000000_акт.pdf» is «акт.pdf». */
function originalName(file: LegacyFile): string {
  const base = path.posix.basename(file.path.replace(/\\/g, '/'));
  return displayFileName(file.name || base.replace(/^\d{10,}_/, ''));
}

/** The file on disk for a storage path, or a reason it cannot be taken. */
async function locate(
  filesDir: string,
  storagePath: string,
): Promise<{ file: string; size: number } | string> {
  const root = path.resolve(filesDir);
  const file = path.resolve(root, storagePath.replace(/^\/+/, ''));
  if (!file.startsWith(root + path.sep) || storagePath.includes('\0')) {
    return `путь файла «${storagePath}» ведёт за пределы папки файлов — не перенесён`;
  }
  const stat = await fsp.stat(file).catch(() => null);
  if (!stat?.isFile()) return `файл «${storagePath}» не найден в папке файлов — не перенесён`;
  // A link inside the folder may point anywhere on the machine: only what really lies under it is taken.
  const [realRoot, realFile] = await Promise.all([fsp.realpath(root), fsp.realpath(file)]);
  if (!realFile.startsWith(realRoot + path.sep)) {
    return `файл «${storagePath}» — ссылка за пределы папки файлов — не перенесён`;
  }
  return { file: realFile, size: stat.size };
}

/**
 * Copies the record's files next to the store (or, in a dry run, only checks they are there).
 * A missing or unsafe one is left out with a warning; the rest go on.
 */
export async function prepareFiles(
  groups: { kind: PreparedFile['kind']; files: LegacyFile[] }[],
  options: { filesDir: string; store: FileStore | null; warnings: string[] },
): Promise<PreparedFile[]> {
  const prepared: PreparedFile[] = [];
  for (const { kind, files } of groups) {
    for (const legacy of files) {
      const found = await locate(options.filesDir, legacy.path);
      if (typeof found === 'string') {
        options.warnings.push(found);
        continue;
      }
      const item: PreparedFile = {
        kind,
        tempPath: null,
        thumbTempPath: null,
        name: originalName(legacy),
        size: found.size,
        mime: '',
        ts: legacy.ts,
        uploadedBy: legacy.uploadedBy,
      };
      if (options.store) {
        item.tempPath = options.store.newTempPath();
        await fsp.copyFile(found.file, item.tempPath);
        // What the bytes are, never what the old record said (an upload is judged the same way).
        const inspection = await inspectFile(item.tempPath);
        item.mime = inspection.mime;
        if (inspection.isImage) {
          const thumb = options.store.newTempPath();
          try {
            await makeThumbnail(item.tempPath, thumb);
            item.thumbTempPath = thumb;
          } catch {
            await fsp.rm(thumb, { force: true });
          }
        }
      }
      prepared.push(item);
    }
  }
  return prepared;
}

/** Temporary copies of a record that was not written. */
export function discardPrepared(files: PreparedFile[]): void {
  for (const file of files) {
    for (const temp of [file.tempPath, file.thumbTempPath]) if (temp) fs.rmSync(temp, { force: true });
  }
}

const FOLDER: Record<PreparedFile['kind'], string> = { file: 'files', pvz: 'pvz', photo: 'photos' };

/**
 * Inside the record's transaction: moves each file into its folder (`tickets/12/files/…`) and
 * writes its row. Returns the ids with the names and kinds, and adds the keys to `written` so
 * the caller can remove them if the transaction does not commit.
 */
export async function placeFiles(
  trx: Kysely<DB>,
  store: FileStore,
  files: PreparedFile[],
  owner: { ticketId?: number; taskId?: number; createdAt: string },
  uploader: (sourceId: string | null) => { id: number | null; name: string },
  written: string[],
): Promise<{ id: number; name: string; kind: PreparedFile['kind'] }[]> {
  const placed: { id: number; name: string; kind: PreparedFile['kind'] }[] = [];
  const base = owner.ticketId !== undefined ? `tickets/${owner.ticketId}` : `tasks/${owner.taskId}`;
  for (const [index, file] of files.entries()) {
    if (!file.tempPath) continue;
    const created = file.ts ?? owner.createdAt;
    // One millisecond apart, so that two files with one name never share a key.
    const { key, thumbKey } = await moveIntoFolder(
      store,
      { ...file, tempPath: file.tempPath },
      `${base}/${FOLDER[file.kind]}`,
      Date.parse(created) + index,
      written,
    );
    const by = uploader(file.uploadedBy);
    const id = await insertFile(trx, {
      ticket_id: owner.ticketId ?? null,
      task_id: owner.taskId ?? null,
      kind: file.kind,
      name: file.name,
      size: file.size,
      mime: file.mime,
      path: key,
      thumb_path: thumbKey,
      uploaded_by: by.id,
      uploaded_by_name: by.name,
      created_at: created,
    });
    placed.push({ id, name: file.name, kind: file.kind });
  }
  return placed;
}
