import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Records how long a ticket stayed in the status a step takes it out of (the dashboard's
 * averages, migrations 0015 and 0024), in the step's transaction. A start time that is not a timestamp
 * (imported data) records nothing.
 */
export async function recordStageSpan(
  trx: Kysely<DB> | Transaction<DB>,
  left: { id: number; status: string; since: string },
  now: string,
) {
  const entered = Date.parse(left.since);
  const leftAt = Date.parse(now);
  if (Number.isNaN(entered) || entered > leftAt) return;
  await trx
    .insertInto('stage_spans')
    .values({
      ticket_id: left.id,
      status: left.status,
      left_at: now,
      days: (leftAt - entered) / 86_400_000,
    })
    // The same ticket leaving the same status at the same instant is the same span (migration 0024).
    .onConflict((oc) => oc.doNothing())
    .execute();
}
