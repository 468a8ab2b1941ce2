import type { Kysely, Selectable, Updateable } from 'kysely';
import {
  TYPE_IN_USE_DELETE,
  TYPE_IN_USE_RENAME,
  TYPE_NAME_TAKEN,
  UNKNOWN_TYPE,
  type TicketTypeDto,
} from '../../domain/ticket-types';
import { isIntake } from '../../domain/ticket-status';
import type { z } from '../../domain/zod-ru';
import type { ticketTypeCreateInput, ticketTypePatchInput } from '../../domain/ticket-types';
import { type Clock, isoNow } from '../clock';
import type { DB, TicketTypesTable } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';
import { findActiveUser } from '../users/users.repository';

type TypeRow = Selectable<TicketTypesTable>;
type CreateData = z.output<typeof ticketTypeCreateInput>;
type PatchData = z.output<typeof ticketTypePatchInput>;

export const TYPE_NOT_FOUND = 'Тип заявки не найден';
export const STALE_TYPE = 'Тип уже изменил другой администратор';

function toDto(row: TypeRow, ticketCount: number): TicketTypeDto {
  return {
    id: row.id,
    name: row.name,
    printedTitle: row.printed_title,
    intake: isIntake(row.intake) ? row.intake : 'pvz',
    warrantyDays: row.warranty_days,
    defaultAssigneeId: row.default_assignee_id,
    hidden: row.hidden_at !== null,
    ticketCount,
    version: row.version,
  };
}

/** How many tickets name each type: one pass over the title index. */
async function countsByTitle(db: Kysely<DB>, names?: string[]): Promise<Map<string, number>> {
  let query = db
    .selectFrom('tickets')
    .select(['title', (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy('title');
  if (names) query = query.where('title', 'in', names);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.title, Number(row.n)]));
}

/**
 * The type a ticket is created or retyped with, inside that write's transaction: it must exist
 * and be shown. The row is locked by a no-op update (SQLite has no FOR SHARE), so a delete of
 * the type at the same moment waits for this ticket and then sees it.
 */
export async function findTypeForTicket(trx: Kysely<DB>, name: string): Promise<TypeRow> {
  const row = await trx
    .updateTable('ticket_types')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('name', '=', name)
    .returningAll()
    .executeTakeFirst();
  if (!row || row.hidden_at !== null) throw new AppError('bad_request', UNKNOWN_TYPE);
  return row;
}

/** The shop's ticket types (issue 49): admins add, edit, hide and delete; everyone reads. */
export function createTicketTypes({ db, clock, events }: { db: Kysely<DB>; clock: Clock; events: EventBus }) {
  async function one(id: number): Promise<TypeRow> {
    const row = await db.selectFrom('ticket_types').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('not_found', TYPE_NOT_FOUND);
    return row;
  }

  async function assigneeExists(id: number | null | undefined) {
    if (id != null && !(await findActiveUser(db, id))) {
      throw new AppError('bad_request', 'Исполнитель не найден или отключён');
    }
  }

  /** A second type of the same name (any case) is refused before the unique index has to. */
  async function refuseTakenName(name: string, exceptId?: number) {
    const rows = await db.selectFrom('ticket_types').select(['id', 'name']).execute();
    const lower = name.toLocaleLowerCase('ru');
    if (rows.some((row) => row.id !== exceptId && row.name.toLocaleLowerCase('ru') === lower)) {
      throw new AppError('conflict', TYPE_NAME_TAKEN);
    }
  }

  const changed = () => events.publish({ entity: 'settings', id: null, op: 'update' });

  async function dto(row: TypeRow): Promise<TicketTypeDto> {
    return toDto(row, (await countsByTitle(db, [row.name])).get(row.name) ?? 0);
  }

  return {
    async list(): Promise<TicketTypeDto[]> {
      const [rows, counts] = await Promise.all([
        db.selectFrom('ticket_types').selectAll().orderBy('id').execute(),
        countsByTitle(db),
      ]);
      return rows.map((row) => toDto(row, counts.get(row.name) ?? 0));
    },

    async create(input: CreateData): Promise<TicketTypeDto> {
      await refuseTakenName(input.name);
      await assigneeExists(input.defaultAssigneeId);
      const now = isoNow(clock);
      try {
        const row = await db
          .insertInto('ticket_types')
          .values({
            name: input.name,
            printed_title: input.printedTitle,
            intake: input.intake,
            warranty_days: input.warrantyDays,
            default_assignee_id: input.defaultAssigneeId,
            hidden_at: input.hidden ? now : null,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        changed();
        return toDto(row, 0);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', TYPE_NAME_TAKEN);
        throw error;
      }
    },

    /** Judged against the version the admin saw; a type in use keeps its name. */
    async update(id: number, patch: PatchData): Promise<TicketTypeDto> {
      const row = await one(id);
      if (row.version !== patch.version) {
        throw new AppError('conflict', STALE_TYPE, { extra: { type: await dto(row) } });
      }
      const renamed = patch.name !== undefined && patch.name !== row.name;
      if (renamed) {
        if ((await countsByTitle(db, [row.name])).get(row.name)) {
          throw new AppError('conflict', TYPE_IN_USE_RENAME);
        }
        await refuseTakenName(patch.name!, id);
      }
      await assigneeExists(patch.defaultAssigneeId);
      const now = isoNow(clock);
      const columns: Updateable<TicketTypesTable> = {
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.printedTitle === undefined ? {} : { printed_title: patch.printedTitle }),
        ...(patch.intake === undefined ? {} : { intake: patch.intake }),
        ...(patch.warrantyDays === undefined ? {} : { warranty_days: patch.warrantyDays }),
        ...(patch.defaultAssigneeId === undefined ? {} : { default_assignee_id: patch.defaultAssigneeId }),
        ...(patch.hidden === undefined ? {} : { hidden_at: patch.hidden ? (row.hidden_at ?? now) : null }),
        updated_at: now,
        version: row.version + 1,
      };
      try {
        const updated = await db
          .updateTable('ticket_types')
          .set(columns)
          .where('id', '=', id)
          .where('version', '=', row.version)
          .returningAll()
          .executeTakeFirst();
        if (!updated)
          throw new AppError('conflict', STALE_TYPE, { extra: { type: await dto(await one(id)) } });
        changed();
        return dto(updated);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', TYPE_NAME_TAKEN);
        throw error;
      }
    },

    /**
     * Only a type no ticket names (those in the Корзина count: they may come back). The check
     * and the delete run in one transaction, with the type's row written first, so a ticket
     * created with this type at the same moment either lands first and stops the delete, or
     * finds the type gone.
     */
    async remove(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('ticket_types')
          .set({ updated_at: isoNow(clock) })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new AppError('not_found', TYPE_NOT_FOUND);
        const used = await trx
          .selectFrom('tickets')
          .select('id')
          .where('title', '=', row.name)
          .limit(1)
          .executeTakeFirst();
        if (used) throw new AppError('conflict', TYPE_IN_USE_DELETE);
        await trx.deleteFrom('ticket_types').where('id', '=', id).execute();
      });
      changed();
    },
  };
}

export type TicketTypes = ReturnType<typeof createTicketTypes>;
