import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_KEPT_PARAMETERS, withStatementCache } from './sqlite-statement-cache';

const open: SQLite.Database[] = [];
afterEach(() => {
  for (const sqlite of open.splice(0)) if (sqlite.open) sqlite.close();
});

/** A real in-memory database that counts how often SQLite is asked to prepare. */
function countingDatabase() {
  const sqlite = new SQLite(':memory:');
  open.push(sqlite);
  sqlite.exec('create table t (id integer primary key, name text)');
  sqlite.exec("insert into t (name) values ('а'), ('б'), ('в')");
  const prepared: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((text: string) => {
    prepared.push(text);
    return prepare(text);
  }) as typeof sqlite.prepare;
  return { sqlite, prepared };
}

describe('withStatementCache', () => {
  it('prepares a query text once and runs it again with other parameters', () => {
    const { sqlite, prepared } = countingDatabase();
    const cached = withStatementCache(sqlite);
    const query = 'select name from t where id = ?';
    expect(cached.prepare(query).all([1])).toEqual([{ name: 'а' }]);
    expect(cached.prepare(query).all([3])).toEqual([{ name: 'в' }]);
    expect(prepared).toEqual([query]);
  });

  it('prepares a fresh statement while the cached one is still being iterated', () => {
    const { sqlite, prepared } = countingDatabase();
    const cached = withStatementCache(sqlite);
    const query = 'select id from t order by id';
    const outer = cached.prepare(query).iterate([]);
    expect(outer.next().value).toEqual({ id: 1 });
    expect(cached.prepare(query).all([])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect([...outer]).toEqual([{ id: 2 }, { id: 3 }]);
    expect(prepared).toEqual([query, query]);
    // Once the iteration is over the cached statement serves again.
    cached.prepare(query).all([]);
    expect(prepared).toHaveLength(2);
  });

  it('does not keep a text with a long id list (each length is a text of its own)', () => {
    const { sqlite, prepared } = countingDatabase();
    const cached = withStatementCache(sqlite);
    const ids = Array.from({ length: MAX_KEPT_PARAMETERS + 1 }, (_, i) => i + 1);
    const long = `select count(*) as n from t where id in (${ids.map(() => '?').join(', ')})`;
    expect(cached.prepare(long).all(ids)).toEqual([{ n: 3 }]);
    cached.prepare(long).all(ids);
    const short = `select count(*) as n from t where id in (${ids
      .slice(1)
      .map(() => '?')
      .join(', ')})`;
    cached.prepare(short).all(ids.slice(1));
    cached.prepare(short).all(ids.slice(1));
    expect(prepared).toEqual([long, long, short]);
  });

  it('forgets the least recently used text when full', () => {
    const { sqlite, prepared } = countingDatabase();
    const cached = withStatementCache(sqlite, 2);
    const [a, b, c] = ['select 1', 'select 2', 'select 3'];
    cached.prepare(a);
    cached.prepare(b);
    cached.prepare(a); // a is now the most recent
    cached.prepare(c); // b goes
    cached.prepare(a);
    cached.prepare(b);
    expect(prepared).toEqual([a, b, c, b]);
  });

  it('sees a column added after the statement was prepared (a migration while the app runs)', async () => {
    const { sqlite } = countingDatabase();
    const db = new Kysely<{ t: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    const all = () => db.selectFrom('t').selectAll().where('id', '=', 1).execute();
    expect(await all()).toEqual([{ id: 1, name: 'а' }]);
    await sql`alter table t add column note text default 'x'`.execute(db);
    expect(await all()).toEqual([{ id: 1, name: 'а', note: 'x' }]);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });

  it('answers writes through Kysely with their changes and new ids', async () => {
    const { sqlite } = countingDatabase();
    const db = new Kysely<{ t: { id: Generated<number>; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    for (const name of ['г', 'д']) {
      const result = await db.insertInto('t').values({ name }).executeTakeFirstOrThrow();
      expect(result.insertId).toBe(BigInt(name === 'г' ? 4 : 5));
    }
    const updated = await db.updateTable('t').set({ name: 'е' }).where('id', '>', 3).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    await db.destroy();
  });
});
