import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Holds the open shift's row for the rest of the transaction and says which it is (null: none
 * open). A cash payment, a move and the close each hold it first, so a payment committed while
 * a shift is being closed either lands in the report or waits and finds no open shift.
 */
export async function lockedOpenShift(trx: Transaction<DB>): Promise<number | null> {
  const row = await trx
    .updateTable('cash_shifts')
    .set({ version: sql<number>`version` })
    .where('open_mark', '=', 1)
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
