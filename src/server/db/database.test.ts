import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, sqliteCacheKib, SQLITE_CACHE_KIB, type Database } from './database';

describe('SQLite page cache (ADR 032)', () => {
  it('is a sixteenth of the file, never under 64 MB nor over 128 MB', () => {
    expect(sqliteCacheKib(0)).toBe(SQLITE_CACHE_KIB.least);
    expect(sqliteCacheKib(340 * 1024 ** 2)).toBe(64 * 1024);
    expect(sqliteCacheKib(1536 * 1024 ** 2)).toBe(96 * 1024);
    expect(sqliteCacheKib(3.4 * 1024 ** 3)).toBe(SQLITE_CACHE_KIB.most);
  });

  let opened: Database | undefined;
  afterEach(async () => {
    await opened?.destroy();
    opened = undefined;
  });

  it('is set on the connection the app answers on, by the file as it is when opened', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-cache-'));
    const file = path.join(dir, 'shop.sqlite');
    try {
      opened = openDatabase(`sqlite:${file}`);
      expect(opened.sqlite?.pragma('cache_size', { simple: true })).toBe(-SQLITE_CACHE_KIB.least);
      await opened.destroy();
      // A 1.5 GB file (sparse: the pages past the database's own size are never read).
      fs.truncateSync(file, 1536 * 1024 ** 2);
      opened = openDatabase(`sqlite:${file}`);
      expect(opened.sqlite?.pragma('cache_size', { simple: true })).toBe(-96 * 1024);
    } finally {
      await opened?.destroy();
      opened = undefined;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
