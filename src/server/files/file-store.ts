import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where file bytes live. Keys look like `tickets/12/files/1795316807386_акт.pdf`. */
export interface FileStore {
  /** A fresh path for receiving an upload, on the same disk as the store. */
  newTempPath(): string;
  /** Moves a finished temporary file into place under `key`. */
  moveIn(tempPath: string, key: string): Promise<void>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
  /** Removes every key under `prefix` (a ticket's or task's folder). */
  removeFolder(prefix: string): Promise<void>;
}

export class FileNotFoundError extends Error {}

/**
 * Files on local disk under `root`; temporary files in `root/.tmp`, emptied at start-up. A tool
 * running beside the server (the import) names a temporary folder of its own, so that it never
 * empties the server's uploads in progress.
 */
export class LocalFileStore implements FileStore {
  private readonly tempDir: string;

  constructor(
    private readonly root: string,
    { tempFolder = '.tmp' }: { tempFolder?: string } = {},
  ) {
    this.tempDir = path.join(root, tempFolder);
    fs.rmSync(this.tempDir, { recursive: true, force: true });
    fs.mkdirSync(this.tempDir, { recursive: true });
  }

  newTempPath(): string {
    return path.join(this.tempDir, randomBytes(12).toString('hex'));
  }

  async moveIn(tempPath: string, key: string): Promise<void> {
    const target = this.resolve(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(tempPath, target);
  }

  read(key: string): Readable {
    const file = this.resolve(key);
    if (!fs.existsSync(file)) throw new FileNotFoundError(key);
    return fs.createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.resolve(key), { force: true });
  }

  async removeFolder(prefix: string): Promise<void> {
    await fsp.rm(this.resolve(prefix), { recursive: true, force: true });
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
