import type { Kysely } from 'kysely';
import { AppError } from '../errors';
import type { DB } from './schema';

/** The shop's short named lists: a name is theirs whatever its letters' case. */
export type NamedTable = 'ticket_types' | 'repair_stages' | 'services' | 'payers' | 'suppliers';

/**
 * Refuses (409, `message`) a name another row of `table` already has in any case: «чистка»
 * and «Чистка» would read as one entry. Lists of a few dozen rows: read whole, compared here,
 * since SQLite's lower() folds only ASCII.
 */
export async function refuseTakenName(
  db: Kysely<DB>,
  table: NamedTable,
  name: string,
  message: string,
  exceptId?: number,
): Promise<void> {
  const rows = await db.selectFrom(table).select(['id', 'name']).execute();
  const lower = name.toLocaleLowerCase('ru');
  if (rows.some((row) => row.id !== exceptId && row.name.toLocaleLowerCase('ru') === lower)) {
    throw new AppError('conflict', message);
  }
}
