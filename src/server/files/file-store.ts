import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A stored file as a backup lists it. */
export interface StoredFile {
  key: string;
  size: number;
}

/**
 * Where file bytes live: local disk (LocalFileStore) or an S3-compatible bucket (S3FileStore).
 * Keys look like `tickets/12/files/1795316807386_акт.pdf`; a key is never written twice.
 */
export interface FileStore {
  /** A fresh path for receiving an upload, on local disk (the upload is checked there first). */
  newTempPath(): string;
  /** Moves a finished temporary file into place under `key`: all of it, or nothing. */
  moveIn(tempPath: string, key: string): Promise<void>;
  /** The file's bytes; rejects with FileNotFoundError when there is no such file. */
  read(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** Removes every key under `prefix` (a ticket's or task's folder). */
  removeFolder(prefix: string): Promise<void>;
  /** Every stored file, for a backup; a file removed meanwhile may still be named. */
  list(): AsyncIterable<StoredFile>;
  /** Removes every stored file (a restore over existing data). */
  removeAll(): Promise<void>;
  /** Lets go of connections (an S3 client's); nothing to do on local disk. */
  close?(): void;
}

export class FileNotFoundError extends Error {}

export { StorageUnavailableError, STORAGE_UNAVAILABLE } from '../errors';

/** Names a temporary folder's files can take: never a stored key (those start with a letter). */
export const TEMP_FOLDER_PREFIX = '.tmp';

/** An upload in progress is written to its temporary file at least this often. */
const STALE_TEMP_MS = 3_600_000;

/**
 * Makes the temporary folder and removes what an earlier run left there — only files untouched
 * for an hour: another process on the same folder (a second start that is about to fail, an
 * instance beside this one) may be writing an upload there right now.
 */
export function clearStaleTemp(tempDir: string, now = Date.now()): void {
  fs.mkdirSync(tempDir, { recursive: true });
  for (const name of fs.readdirSync(tempDir)) {
    const entry = path.join(tempDir, name);
    try {
      if (now - fs.statSync(entry).mtimeMs > STALE_TEMP_MS)
        fs.rmSync(entry, { recursive: true, force: true });
    } catch {
      // gone meanwhile: what was wanted
    }
  }
}

/**
 * Files on local disk under `root`; temporary files in `root/.tmp`, stale ones cleared at start-up. A tool
 * running beside the server (the import) names a temporary folder of its own, so that it never
 * empties the server's uploads in progress.
 */
export class LocalFileStore implements FileStore {
  private readonly tempDir: string;

  constructor(
    private readonly root: string,
    { tempFolder = TEMP_FOLDER_PREFIX }: { tempFolder?: string } = {},
  ) {
    this.tempDir = path.join(root, tempFolder);
    clearStaleTemp(this.tempDir);
  }

  newTempPath(): string {
    return path.join(this.tempDir, randomBytes(12).toString('hex'));
  }

  async moveIn(tempPath: string, key: string): Promise<void> {
    const target = this.resolve(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(tempPath, target);
  }

  async read(key: string): Promise<Readable> {
    let handle: fsp.FileHandle;
    try {
      // Opened first: a file removed while it is sent still reads whole.
      handle = await fsp.open(this.resolve(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError(key);
      throw error;
    }
    return handle.createReadStream({ autoClose: true });
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.resolve(key), { force: true });
  }

  async removeFolder(prefix: string): Promise<void> {
    await fsp.rm(this.resolve(prefix), { recursive: true, force: true });
  }

  async *list(): AsyncIterable<StoredFile> {
    if (!fs.existsSync(this.root)) return;
    const walk = async function* (dir: string, prefix: string): AsyncGenerator<StoredFile> {
      const items = await fsp.readdir(dir, { withFileTypes: true });
      items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const item of items) {
        if (prefix === '' && item.name.startsWith(TEMP_FOLDER_PREFIX)) continue;
        const key = `${prefix}${item.name}`;
        const full = path.join(dir, item.name);
        if (item.isDirectory()) yield* walk(full, `${key}/`);
        else if (item.isFile()) {
          const size = await fsp.stat(full).then(
            (stat) => stat.size,
            () => null,
          );
          if (size !== null) yield { key, size };
        }
      }
    };
    yield* walk(this.root, '');
  }

  async removeAll(): Promise<void> {
    if (!fs.existsSync(this.root)) return;
    for (const name of await fsp.readdir(this.root)) {
      if (!name.startsWith(TEMP_FOLDER_PREFIX))
        await fsp.rm(path.join(this.root, name), { recursive: true, force: true });
    }
  }

  /** Joins a key under the root, refusing anything that would step outside it. */
  private resolve(key: string): string {
    const target = path.resolve(this.root, key);
    if (!target.startsWith(this.root + path.sep) || key.includes('\0')) {
      throw new Error(`file key outside the store: ${key}`);
    }
    return target;
  }
}
