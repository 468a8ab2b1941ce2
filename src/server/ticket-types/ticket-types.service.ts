import type { Kysely, Selectable, Updateable } from 'kysely';
import {
  TYPE_IN_USE_DELETE,
  TYPE_IN_USE_RENAME,
  TYPE_NAME_TAKEN,
  printedTypeTitle,
  UNKNOWN_TYPE,
  type TicketTypeDto,
} from '../../domain/ticket-types';
import { isIntake } from '../../domain/ticket-status';
import type { z } from '../../domain/zod-ru';
import type { ticketTypeCreateInput, ticketTypePatchInput } from '../../domain/ticket-types';
import { type Clock, isoNow } from '../clock';
import type { DB, TicketTypesTable } from '../db/schema';
import { refuseTakenName } from '../db/taken-name';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';
import { findActiveUser } from '../users/users.repository';

type TypeRow = Selectable<TicketTypesTable>;
type CreateData = z.output<typeof ticketTypeCreateInput>;
type PatchData = z.output<typeof ticketTypePatchInput>;

export const TYPE_NOT_FOUND = 'Тип заявки не найден';
export const STALE_TYPE = 'Тип уже изменил другой сотрудник';

function toDto(row: TypeRow, ticketCount: number, active: Set<number>): TicketTypeDto {
  return {
    id: row.id,
    name: row.name,
    printedTitle: row.printed_title,
    intake: isIntake(row.intake) ? row.intake : 'pvz',
    warrantyDays: row.warranty_days,
    // A disabled or deleted account counts as unset, as the shop's own default does.
    defaultAssigneeId:
      row.default_assignee_id !== null && active.has(row.default_assignee_id)
        ? row.default_assignee_id
        : null,
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
  async function assigneeExists(id: number | null | undefined) {
    if (id != null && !(await findActiveUser(db, id))) {
      throw new AppError('bad_request', 'Исполнитель не найден или отключён');
    }
  }

  /** A second type of the same name (any case) is refused before the unique index has to. */
  const changed = () => events.publish({ entity: 'settings', id: null, op: 'update' });

  async function activeUsers(): Promise<Set<number>> {
    const rows = await db.selectFrom('users').select('id').where('disabled_at', 'is', null).execute();
    return new Set(rows.map((row) => row.id));
  }

  async function dto(row: TypeRow): Promise<TicketTypeDto> {
    return toDto(row, (await countsByTitle(db, [row.name])).get(row.name) ?? 0, await activeUsers());
  }

  return {
    async list(): Promise<TicketTypeDto[]> {
      const [rows, counts, active] = await Promise.all([
        db.selectFrom('ticket_types').selectAll().orderBy('id').execute(),
        countsByTitle(db),
        activeUsers(),
      ]);
      return rows.map((row) => toDto(row, counts.get(row.name) ?? 0, active));
    },

    /** What the papers print as «Тип заявки» for this name: one indexed read, no counts. */
    async printedTitleOf(name: string): Promise<string> {
      const row = await db
        .selectFrom('ticket_types')
        .select(['name', 'printed_title'])
        .where('name', '=', name)
        .executeTakeFirst();
      return row ? printedTypeTitle({ name: row.name, printedTitle: row.printed_title }) : name;
    },

    async create(input: CreateData): Promise<TicketTypeDto> {
      await refuseTakenName(db, 'ticket_types', input.name, TYPE_NAME_TAKEN);
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
        return toDto(row, 0, await activeUsers());
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', TYPE_NAME_TAKEN);
        throw error;
      }
    },

    /**
     * Judged against the version the admin saw; a type in use keeps its name. The row is held
     * while the count is read, so a ticket created with the old name at that moment either lands
     * first and stops the rename, or waits and then finds the type renamed.
     */
    async update(id: number, patch: PatchData): Promise<TicketTypeDto> {
      await assigneeExists(patch.defaultAssigneeId);
      const renamed = patch.name !== undefined;
      if (renamed) await refuseTakenName(db, 'ticket_types', patch.name!, TYPE_NAME_TAKEN, id);
      const updated = await db
        .transaction()
        .execute(async (trx) => {
          const row = await trx
            .updateTable('ticket_types')
            .set((eb) => ({ version: eb.ref('version') }))
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirst();
          if (!row) throw new AppError('not_found', TYPE_NOT_FOUND);
          if (row.version !== patch.version) return { stale: row, saved: null };
          if (renamed && patch.name !== row.name) {
            const used = await trx
              .selectFrom('tickets')
              .select('id')
              .where('title', '=', row.name)
              .limit(1)
              .executeTakeFirst();
            if (used) throw new AppError('conflict', TYPE_IN_USE_RENAME);
          }
          const now = isoNow(clock);
          const columns: Updateable<TicketTypesTable> = {
            ...(patch.name === undefined ? {} : { name: patch.name }),
            ...(patch.printedTitle === undefined ? {} : { printed_title: patch.printedTitle }),
            ...(patch.intake === undefined ? {} : { intake: patch.intake }),
            ...(patch.warrantyDays === undefined ? {} : { warranty_days: patch.warrantyDays }),
            ...(patch.defaultAssigneeId === undefined
              ? {}
              : { default_assignee_id: patch.defaultAssigneeId }),
            ...(patch.hidden === undefined
              ? {}
              : { hidden_at: patch.hidden ? (row.hidden_at ?? now) : null }),
            updated_at: now,
            version: row.version + 1,
          };
          const saved = await trx
            .updateTable('ticket_types')
            .set(columns)
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          return { stale: null, saved };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new AppError('conflict', TYPE_NAME_TAKEN);
          throw error;
        });
      if (updated.stale) {
        throw new AppError('conflict', STALE_TYPE, { extra: { type: await dto(updated.stale) } });
      }
      changed();
      return dto(updated.saved!);
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
