import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { takeSqliteSnapshot } from './sqlite-snapshot';

describe('the SQLite snapshot, taken on a thread of its own', () => {
  let test: TestDatabase;
  let work: string;
  afterEach(async () => {
    await test.cleanup();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('copies one consistent moment while the server goes on writing', async () => {
    test = await createTestDatabase('sqlite');
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-snapshot-'));
    const { db } = test.database;
    const client = (n: number) => ({
      full_name: `Клиент ${n}`,
      phone: '',
      phone_digits: '',
      search_name: `клиент ${n}`,
      warranty: '',
      address: '',
      comment: '',
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-01T10:00:00.000Z',
    });
    await db
      .insertInto('clients')
      .values(Array.from({ length: 500 }, (_, n) => client(n)))
      .execute();

    // Writes on the server's connection all the while the copy is taken, each its own commit.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await db
          .insertInto('clients')
          .values(client(1000 + written))
          .execute();
        written += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const copy = path.join(work, 'database.sqlite');
    const facts = await takeSqliteSnapshot(test.database.sqlite!, copy);
    writing = false;
    await writer;

    const snapshot = new SQLite(copy, { readonly: true });
    const inCopy = (snapshot.prepare('select count(*) as n from clients').get() as { n: number }).n;
    expect(snapshot.pragma('integrity_check', { simple: true })).toBe('ok');
    snapshot.close();
    // The manifest's count is the copy's own, whatever was written after.
    expect(facts.counts.clients).toBe(inCopy);
    expect(inCopy).toBeGreaterThanOrEqual(500);
    expect(facts.migration).toMatch(/^\d{4}-/);
    // The server's writes went on meanwhile and are all there.
    expect(written).toBeGreaterThan(0);
    const now = await db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(now.n)).toBe(500 + written);
  });

  it('refuses an in-memory database, which no other thread can open', async () => {
    test = await createTestDatabase('sqlite');
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-snapshot-'));
    const memory = new SQLite(':memory:');
    expect(() => takeSqliteSnapshot(memory, path.join(work, 'x.sqlite'))).toThrow(/in-memory/);
    memory.close();
  });
});
