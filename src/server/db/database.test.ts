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

  it('is set on the connection the app answers on', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-cache-'));
    opened = openDatabase(`sqlite:${path.join(dir, 'shop.sqlite')}`);
    if (opened.dialect !== 'sqlite') throw new Error('expected SQLite');
    expect(opened.sqlite?.pragma('cache_size', { simple: true })).toBe(-SQLITE_CACHE_KIB.least);
  });
});
