import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/test-database';
import { openDatabase, POOL_IDLE_MS, sqliteCacheKib, SQLITE_CACHE_KIB, type Database } from './database';

describe('SQLite page cache (docs/search.md)', () => {
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

describe.runIf(testDialects().includes('postgres'))('PostgreSQL connection pool', () => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.cleanup();
    test = undefined;
  });

  it('outlives an idle connection the server ended, and opens another for the next query', async () => {
    test = await createTestDatabase('postgres');
    const { db } = test.database;
    const pidOf = async () =>
      (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
    const idle = await pidOf();
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      // From another connection, as an administrator or a restart would.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [idle]);
      await admin.end();
      await vi.waitFor(() => expect(warned).toHaveBeenCalledOnce());
      expect(await pidOf()).not.toBe(idle);
    } finally {
      warned.mockRestore();
    }
  });

  it('keeps its own settings when the URL brings options of its own (a search path)', async () => {
    test = await createTestDatabase('postgres');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${test.database.schema}`);
    const database = openDatabase(url.toString());
    try {
      const { rows } = await sql<{ path: string; jit: string; workers: string }>`
        select current_setting('search_path') as path, current_setting('jit') as jit,
          current_setting('max_parallel_workers_per_gather') as workers`.execute(database.db);
      expect(rows[0]).toEqual({ path: test.database.schema, jit: 'off', workers: '0' });
    } finally {
      await database.destroy();
    }
  });

  it('keeps idle connections for minutes, not pg’s ten seconds', () => {
    expect(POOL_IDLE_MS).toBeGreaterThanOrEqual(60_000);
  });
});
