import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database';
import {
  createTestDatabaseAt,
  migrateTestDatabaseTo,
  testDialects,
  type TestDatabase,
} from '../../test/test-database';

for (const dialect of testDialects()) {
  describe(`migration 0035: four roles, and every account keeps its rights [${dialect}]`, () => {
    let test: TestDatabase;
    let database: Database;

    beforeAll(async () => {
      test = await createTestDatabaseAt(dialect, '0034-stock');
      database = test.database;
    });
    afterAll(() => test.cleanup());

    it('keeps users, their sessions and what refers to them; the new roles fit; defaults are in', async () => {
      // Kysely<any>: the tables as they were before this migration.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db = database.db as any;
      const at = '2026-01-10T10:00:00.000Z';
      const person = (email: string, role: string) => ({
        email,
        email_lower: email,
        display_name: email,
        phone: '',
        role,
        password_hash: 'x',
        created_at: at,
        updated_at: at,
      });
      await db
        .insertInto('users')
        .values([person('a@x.ru', 'admin'), person('e@x.ru', 'employee')])
        .execute();
      const users = await db.selectFrom('users').select(['id', 'role']).orderBy('id').execute();
      const employeeId = users[1].id;
      await db
        .insertInto('sessions')
        .values({ token_hash: 'h', user_id: employeeId, created_at: at, last_seen_at: at, expires_at: at })
        .execute();
      await db
        .insertInto('tasks')
        .values({
          title: 'Позвонить',
          status: 'new',
          assignee_id: employeeId,
          created_at: at,
          updated_at: at,
        })
        .execute();

      const result = await migrateTestDatabaseTo(database, '0035-roles');
      expect(result.error).toBeUndefined();

      const after = await database.db.selectFrom('users').select(['id', 'role']).orderBy('id').execute();
      expect(after).toEqual(users);
      const session = await database.db.selectFrom('sessions').select('user_id').executeTakeFirstOrThrow();
      expect(session.user_id).toBe(employeeId);
      const task = await database.db.selectFrom('tasks').select('assignee_id').executeTakeFirstOrThrow();
      expect(task.assignee_id).toBe(employeeId);

      // The new roles are accepted, anything else still is not.
      await database.db.updateTable('users').set({ role: 'master' }).where('id', '=', employeeId).execute();
      await expect(
        database.db.updateTable('users').set({ role: 'boss' }).where('id', '=', employeeId).execute(),
      ).rejects.toThrow();
      // A reference to a user that does not exist is still refused: foreign keys are back on.
      await expect(
        database.db
          .insertInto('sessions')
          .values({ token_hash: 'g', user_id: 99999, created_at: at, last_seen_at: at, expires_at: at })
          .execute(),
      ).rejects.toThrow();
      // The unique e-mail key came through the rebuild.
      await expect(
        database.db.insertInto('users').values(person('a@x.ru', 'employee')).execute(),
      ).rejects.toThrow();

      const rows = await database.db
        .selectFrom('role_permissions')
        .select(['role', 'permission'])
        .orderBy('role')
        .orderBy('permission')
        .execute();
      expect(rows.filter((r) => r.role === 'employee').map((r) => r.permission)).toEqual([
        'cash.shift',
        'export',
        'payments.refund',
        'payments.take',
        'trash.delete',
      ]);
      expect(rows.filter((r) => r.role === 'master')).toEqual([]);

      if (dialect === 'sqlite') {
        // A run that committed and died before Kysely recorded it: the next start goes on.
        await sql`delete from kysely_migration where name = '0035-roles'`.execute(database.db);
        expect((await migrateTestDatabaseTo(database, '0035-roles')).error).toBeUndefined();
        expect(await database.db.selectFrom('role_permissions').select('role').execute()).toHaveLength(
          rows.length,
        );
      }
    });
  });
}
