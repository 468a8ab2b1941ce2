import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

const OLD_CHECK = "role in ('employee', 'admin')";
const NEW_CHECK = "role in ('admin', 'receptionist', 'master', 'employee')";

/**
 * Roles (issue 52): «Приёмщик» and «Мастер» join «Владелец» (stored as 'admin') and
 * «Сотрудник», and each switchable role's permissions are rows of `role_permissions`.
 * The rows are the defaults as they were when roles came: «Сотрудник» exactly what an
 * employee could do before, so existing accounts keep their rights.
 */
export function rolesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      // PostgreSQL runs the whole migration in one transaction; SQLite's rebuild makes its own,
      // and the new table and its rows go in that same transaction, so a failure leaves nothing.
      if (dialect === 'postgres') {
        await widenPostgresCheck(db);
        await addRolePermissions(db);
      } else {
        await widenSqliteCheck(db, addRolePermissions);
      }
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('role_permissions').execute();
    },
  };
}

async function addRolePermissions(db: Kysely<any>) {
  await db.schema
    .createTable('role_permissions')
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('permission', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('role_permissions_pk', ['role', 'permission'])
    .execute();
  const defaults: Record<string, string[]> = {
    employee: ['trash.delete', 'payments.take', 'payments.refund', 'cash.shift', 'export'],
    receptionist: ['trash.delete', 'payments.take', 'cash.shift'],
  };
  await db
    .insertInto('role_permissions')
    .values(
      Object.entries(defaults).flatMap(([role, permissions]) =>
        permissions.map((permission) => ({ role, permission })),
      ),
    )
    .execute();
}

async function widenPostgresCheck(db: Kysely<any>) {
  const { rows } = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = 'users'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%role%'`.execute(
    db,
  );
  for (const { name } of rows) await sql`alter table users drop constraint ${sql.id(name)}`.execute(db);
  await sql`alter table users add constraint users_role_check check (${sql.raw(NEW_CHECK)})`.execute(db);
}

/**
 * SQLite cannot alter a CHECK: the table is rebuilt as its documentation describes
 * (sqlite.org/lang_altertable.html, "other kinds of table schema changes"), with `then` in the
 * same transaction. Foreign keys are off meanwhile, so dropping the old table deletes nothing
 * that refers to users; the rows keep their ids, so every reference still holds — checked by
 * comparing foreign_key_check before and after (a database may carry an old broken reference
 * of its own, which is not this migration's to refuse).
 */
async function widenSqliteCheck(db: Kysely<any>, then: (trx: Kysely<any>) => Promise<void>) {
  const table = await sql<{ sql: string }>`
    select sql from sqlite_schema where type = 'table' and name = 'users'`.execute(db);
  const createUsers = table.rows[0]?.sql ?? '';
  // Committed by a run that ended before Kysely recorded it: the rebuild and the table are there.
  if (createUsers.includes(NEW_CHECK)) return;
  if (!createUsers.includes(OLD_CHECK)) throw new Error('migration 0035: users.role check not found');
  const extras = await sql<{ sql: string }>`
    select sql from sqlite_schema
    where tbl_name = 'users' and type in ('index', 'trigger') and sql is not null`.execute(db);
  const brokenBefore = (await sql`pragma foreign_key_check`.execute(db)).rows.length;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const createNew = createUsers
        .replace(/^CREATE TABLE\s+("users"|users)/i, 'CREATE TABLE "users_new"')
        .replace(OLD_CHECK, NEW_CHECK);
      await sql.raw(createNew).execute(trx);
      await sql`insert into users_new select * from users`.execute(trx);
      await sql`drop table users`.execute(trx);
      await sql`alter table users_new rename to users`.execute(trx);
      for (const { sql: statement } of extras.rows) await sql.raw(statement).execute(trx);
      const brokenAfter = (await sql`pragma foreign_key_check`.execute(trx)).rows.length;
      if (brokenAfter > brokenBefore) throw new Error('migration 0035: a reference to users broke');
      await then(trx);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
