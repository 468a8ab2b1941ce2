import type { Kysely, Selectable, Updateable } from 'kysely';
import type { RepairStageDto } from '../../domain/repair-stage-rules';
import {
  STAGE_IN_USE_DELETE,
  STAGE_NAME_TAKEN,
  UNKNOWN_STAGE,
  type repairStageCreateInput,
  type repairStagePatchInput,
} from '../../domain/repair-stages';
import type { z } from '../../domain/zod-ru';
import { type Clock, isoNow } from '../clock';
import type { DB, RepairStagesTable } from '../db/schema';
import { refuseTakenName } from '../db/taken-name';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';

type StageRow = Selectable<RepairStagesTable>;
export const STAGE_NOT_FOUND = 'Этап не найден';
export const STALE_STAGE = 'Этап уже изменил другой сотрудник';

function toDto(row: StageRow, ticketCount: number): RepairStageDto {
  return {
    id: row.id,
    name: row.name,
    publicText: row.public_text,
    limitDays: row.limit_days,
    hidden: row.hidden_at !== null,
    ticketCount,
    version: row.version,
  };
}

/**
 * The stage a ticket is put at, in that write's transaction: it must exist and be shown. Locked
 * by a no-op update, as a ticket type is, so a delete at the same moment waits and sees it.
 */
export async function findStageForTicket(trx: Kysely<DB>, id: number): Promise<StageRow> {
  const row = await trx
    .updateTable('repair_stages')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row || row.hidden_at !== null) throw new AppError('bad_request', UNKNOWN_STAGE);
  return row;
}

/** The shop's stages inside «В ремонте» (issue 49): admins keep them, everyone reads them. */
export function createRepairStages({
  db,
  clock,
  events,
}: {
  db: Kysely<DB>;
  clock: Clock;
  events: EventBus;
}) {
  const changed = () => events.publish({ entity: 'settings', id: null, op: 'update' });

  async function counts(): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('tickets')
      .select(['stage_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('stage_id', 'is not', null)
      .groupBy('stage_id')
      .execute();
    return new Map(rows.map((row) => [row.stage_id!, Number(row.n)]));
  }

  async function dto(row: StageRow) {
    return toDto(row, (await counts()).get(row.id) ?? 0);
  }

  const uniqueName = (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError('conflict', STAGE_NAME_TAKEN);
    throw error;
  };

  return {
    async list(): Promise<RepairStageDto[]> {
      const [rows, used] = await Promise.all([
        db.selectFrom('repair_stages').selectAll().orderBy('id').execute(),
        counts(),
      ]);
      return rows.map((row) => toDto(row, used.get(row.id) ?? 0));
    },

    async create(input: z.output<typeof repairStageCreateInput>): Promise<RepairStageDto> {
      await refuseTakenName(db, 'repair_stages', input.name, STAGE_NAME_TAKEN);
      const now = isoNow(clock);
      const row = await db
        .insertInto('repair_stages')
        .values({
          name: input.name,
          public_text: input.publicText,
          limit_days: input.limitDays,
          hidden_at: input.hidden ? now : null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(uniqueName);
      changed();
      return toDto(row, 0);
    },

    async update(id: number, patch: z.output<typeof repairStagePatchInput>): Promise<RepairStageDto> {
      const row = await db.selectFrom('repair_stages').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw new AppError('not_found', STAGE_NOT_FOUND);
      // The 409 carries the stage as it is now, so the next save goes over that version.
      const stale = async () => {
        const now = await db.selectFrom('repair_stages').selectAll().where('id', '=', id).executeTakeFirst();
        return new AppError('conflict', STALE_STAGE, { extra: { stage: await dto(now ?? row) } });
      };
      if (row.version !== patch.version) throw await stale();
      if (patch.name !== undefined && patch.name !== row.name)
        await refuseTakenName(db, 'repair_stages', patch.name, STAGE_NAME_TAKEN, id);
      const now = isoNow(clock);
      const columns: Updateable<RepairStagesTable> = {
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.publicText === undefined ? {} : { public_text: patch.publicText }),
        ...(patch.limitDays === undefined ? {} : { limit_days: patch.limitDays }),
        ...(patch.hidden === undefined ? {} : { hidden_at: patch.hidden ? (row.hidden_at ?? now) : null }),
        updated_at: now,
        version: row.version + 1,
      };
      const updated = await db
        .updateTable('repair_stages')
        .set(columns)
        .where('id', '=', id)
        .where('version', '=', row.version)
        .returningAll()
        .executeTakeFirst()
        .catch(uniqueName);
      if (!updated) throw await stale();
      changed();
      return dto(updated);
    },

    /** Only a stage no ticket is at (those in the Корзина count); the row is locked first. */
    async remove(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('repair_stages')
          .set({ updated_at: isoNow(clock) })
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
        if (!row) throw new AppError('not_found', STAGE_NOT_FOUND);
        const used = await trx
          .selectFrom('tickets')
          .select('id')
          .where('stage_id', '=', id)
          .limit(1)
          .executeTakeFirst();
        if (used) throw new AppError('conflict', STAGE_IN_USE_DELETE);
        await trx.deleteFrom('repair_stages').where('id', '=', id).execute();
      });
      changed();
    },
  };
}

export type RepairStages = ReturnType<typeof createRepairStages>;
