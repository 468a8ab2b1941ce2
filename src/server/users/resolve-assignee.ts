import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { findActiveUser } from './users.repository';

/** The assignee's id and name as stored on a ticket or task; only active staff can be given work. */
export async function resolveAssignee(
  db: Kysely<DB>,
  id: number | null,
): Promise<{ id: number | null; name: string }> {
  if (id === null) return { id: null, name: '' };
  const user = await findActiveUser(db, id);
  if (!user) throw new AppError('bad_request', 'Исполнитель не найден или отключён');
  return { id: user.id, name: user.display_name };
}
