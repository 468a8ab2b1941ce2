import type { Kysely } from 'kysely';
import type { Role } from '../../domain/roles';
import type { DB } from '../db/schema';

const PUBLIC_COLUMNS = ['id', 'email', 'display_name', 'phone', 'role', 'disabled_at', 'created_at'] as const;

export function findUserById(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findUserForLogin(db: Kysely<DB>, emailLower: string) {
  return db
    .selectFrom('users')
    .select([...PUBLIC_COLUMNS, 'password_hash'])
    .where('email_lower', '=', emailLower)
    .executeTakeFirst();
}

export async function emailTaken(db: Kysely<DB>, emailLower: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email_lower', '=', emailLower)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUsers(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countActiveAdmins(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listUsers(db: Kysely<DB>) {
  return db.selectFrom('users').select(PUBLIC_COLUMNS).orderBy('created_at').orderBy('id').execute();
}

export async function insertUser(
  db: Kysely<DB>,
  user: { email: string; displayName: string; role: Role; passwordHash: string; now: string },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: user.email,
      email_lower: user.email.toLowerCase(),
      display_name: user.displayName,
      phone: '',
      role: user.role,
      password_hash: user.passwordHash,
      disabled_at: null,
      created_at: user.now,
      updated_at: user.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function updateUser(
  db: Kysely<DB>,
  id: number,
  changes: Partial<{ role: Role; display_name: string; phone: string; disabled_at: string | null }>,
  now: string,
) {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** An account that may be given work: exists and is not disabled. */
export function findActiveUser(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'display_name'])
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
}

/** Everyone who can be picked as an assignee, by name. */
export function listActiveUserOptions(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .select(['id', 'display_name'])
    .where('disabled_at', 'is', null)
    .orderBy('display_name')
    .orderBy('id')
    .execute();
}
