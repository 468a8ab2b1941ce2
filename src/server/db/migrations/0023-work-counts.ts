import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The lists whose items the worklist counts, and the kind each row is counted as. */
const COUNTED = { tickets: 'ticket', tasks: 'task' } as const;

/** The columns a count is kept by; a change to any of them moves the item between counts. */
const KEY = ['kind', 'work_state', 'status', 'assignee'] as const;

/**
 * The counts beside the worklist's states, kept instead of counted (issue 47,
 * src/server/work/kept-counts.ts): `work_counts` holds how many items of a kind are in a state and
 * status with an assignee (0: nobody), and every insert, delete, or change of one of those columns
 * adds a +1/−1 row to `work_count_changes` in the writer's own transaction, by trigger, so no write
 * path can forget it. Writers only append, so two writers never wait on one count's row (on
 * PostgreSQL, updating the counts in place would lock them and could deadlock two steps that move
 * items in opposite directions); a reader sums both tables, and a fold moves the changes into the
 * counts now and then.
 */
export function workCountsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('work_counts')
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('work_state', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('assignee', 'integer', (col) => col.notNull())
        .addColumn('n', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('work_counts_key', [...KEY])
        .execute();
      await withIdColumn(db.schema.createTable('work_count_changes'), dialect)
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('work_state', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('assignee', 'integer', (col) => col.notNull())
        .addColumn('n', 'integer', (col) => col.notNull())
        .execute();
      for (const [table, kind] of Object.entries(COUNTED)) {
        await sql`
          insert into work_counts (kind, work_state, status, assignee, n)
          select ${kind}, work_state, status, coalesce(assignee_id, 0), count(*)
          from ${sql.table(table)} group by work_state, status, coalesce(assignee_id, 0)`.execute(db);
        if (dialect === 'postgres') await postgresTriggers(db, table, kind);
        else await sqliteTriggers(db, table, kind);
      }
    },
  };
}

/** One change row's values: the item's key as `row` (NEW or OLD) has it, and `n`. */
const changeValues = (kind: string, row: 'NEW' | 'OLD', n: 1 | -1) =>
  `('${kind}', ${row}.work_state, ${row}.status, coalesce(${row}.assignee_id, 0), ${n})`;

const INSERT_CHANGES = 'insert into work_count_changes (kind, work_state, status, assignee, n) values';

/** The row moved between counts: one of the key's columns differs. */
const KEY_CHANGED = `OLD.work_state IS NOT NEW.work_state OR OLD.status IS NOT NEW.status
  OR OLD.assignee_id IS NOT NEW.assignee_id`;

// SQLite runs a trigger for changes that foreign keys' actions make too (a deleted user's items
// lose their assignee: ON DELETE SET NULL), as PostgreSQL does.
async function sqliteTriggers(db: Kysely<any>, table: string, kind: string) {
  const name = (event: string) => sql.raw(`${table}_count_${event}`);
  const on = sql.table(table);
  await sql`create trigger ${name('insert')} after insert on ${on} begin
    ${sql.raw(INSERT_CHANGES)} ${sql.raw(changeValues(kind, 'NEW', 1))}; end`.execute(db);
  await sql`create trigger ${name('delete')} after delete on ${on} begin
    ${sql.raw(INSERT_CHANGES)} ${sql.raw(changeValues(kind, 'OLD', -1))}; end`.execute(db);
  await sql`create trigger ${name('update')} after update on ${on} when ${sql.raw(KEY_CHANGED)} begin
    ${sql.raw(INSERT_CHANGES)} ${sql.raw(changeValues(kind, 'OLD', -1))}, ${sql.raw(changeValues(kind, 'NEW', 1))};
    end`.execute(db);
}

async function postgresTriggers(db: Kysely<any>, table: string, kind: string) {
  const fn = sql.raw(`${table}_count_change`);
  // The function names the changes table unqualified: it is found on the writer's search path,
  // the schema the app runs in (a backup's dump recreates the function there too).
  await sql`
    create function ${fn}() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        ${sql.raw(INSERT_CHANGES)} ${sql.raw(changeValues(kind, 'NEW', 1))};
      elsif TG_OP = 'DELETE' then
        ${sql.raw(INSERT_CHANGES)} ${sql.raw(changeValues(kind, 'OLD', -1))};
      else
        ${sql.raw(INSERT_CHANGES)} ${sql.raw(changeValues(kind, 'OLD', -1))}, ${sql.raw(changeValues(kind, 'NEW', 1))};
      end if;
      return null;
    end $$`.execute(db);
  const on = sql.table(table);
  await sql`create trigger ${sql.raw(`${table}_count_write`)} after insert or delete on ${on}
    for each row execute function ${fn}()`.execute(db);
  await sql`create trigger ${sql.raw(`${table}_count_update`)} after update on ${on}
    for each row when (${sql.raw(KEY_CHANGED.replace(/IS NOT/g, 'IS DISTINCT FROM'))})
    execute function ${fn}()`.execute(db);
}
