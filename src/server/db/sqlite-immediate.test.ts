import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';

describe('SQLite transactions begin immediate', () => {
  let dir: string;
  let database: Database | undefined;
  let other: SQLite.Database | undefined;
  afterEach(async () => {
    other?.close();
    await database?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a transaction that reads first holds the write lock from its start, and commits', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-immediate-'));
    const file = path.join(dir, 'db.sqlite');
    database = openDatabase(`sqlite:${file}`);
    await sql`create table notes (id integer primary key, body text not null)`.execute(database.db);
    await sql`insert into notes (body) values ('первая')`.execute(database.db);
    // Another process's connection (the import beside the server); it does not wait for the lock.
    other = new SQLite(file);
    other.pragma('busy_timeout = 0');

    let otherWrite = 'not tried';
    await database.db.transaction().execute(async (trx) => {
      await sql`select count(*) as n from notes`.execute(trx);
      try {
        other!.prepare("insert into notes (body) values ('чужая')").run();
        otherWrite = 'written';
      } catch (error) {
        otherWrite = (error as { code?: string }).code ?? 'failed';
      }
      // Begun deferred, this write failed with SQLITE_BUSY after the other process's commit.
      await sql`insert into notes (body) values ('вторая')`.execute(trx);
    });

    expect(otherWrite).toBe('SQLITE_BUSY');
    const { rows } = await sql<{ body: string }>`select body from notes order by id`.execute(database.db);
    expect(rows.map((row) => row.body)).toEqual(['первая', 'вторая']);
  });
});
