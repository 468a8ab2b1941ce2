import type { FastifyBaseLogger } from 'fastify';
import type { Page } from '../../domain/page';
import { NOT_FOUND_MESSAGES, RECORD_KINDS, type RecordKind } from '../../domain/records';
import type { TrashItemDto } from '../../domain/trash';
import { type Clock, isoNow } from '../clock';
import type { Database } from '../db/database';
import { decodeCursor, encodeCursor, isInstant, isRecordId } from '../db/cursor';
import { DEFAULT_PAGE_SIZE } from '../db/paging';
import { RECORD_TABLES } from '../db/record-tables';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';
import type { Actor } from '../http/actor';
import { markTrashed } from './trash-marks';
import { listTrash, trashedIds, type TrashCursor, type TrashRow } from './trash.repository';
import { PURGED_WORK_MOVE, readWorkFacts, workMoveFrom } from '../work/work-moves';
import type { WorkFacts } from '../../domain/live-events';

/**
 * Deletes one record for good from the Корзина, with its history and files (each kind
 * knows how); 404 when it is not there (restored meanwhile), or went there too recently.
 */
export type Purge = (id: number, deletedBefore?: string) => Promise<void>;

const DAY_MS = 86_400_000;

const notInTrash = () => new AppError('conflict', 'Удалить навсегда можно только из корзины');

const trashCursor = (row: TrashRow) => encodeCursor([row.deleted_at, row.rank, row.id]);

function decodeTrashCursor(raw: string | undefined): TrashCursor | undefined {
  return decodeCursor(raw, ([deletedAt, rank, id]) =>
    isInstant(deletedAt) && typeof rank === 'number' && RECORD_KINDS[rank] !== undefined && isRecordId(id)
      ? { deletedAt, rank, id }
      : undefined,
  );
}

function toTrashItem(row: TrashRow): TrashItemDto {
  return {
    kind: row.kind,
    id: Number(row.id),
    title: row.title,
    detail: row.detail,
    deletedAt: row.deleted_at,
    deletedByName: row.deleted_by_name,
  };
}

/**
 * The Корзина: what was deleted, newest first; restoring (anyone); deleting for good
 * (admins: one item or all), and the purge of items older than TRASH_DAYS.
 */
export function createTrashService(deps: {
  database: Database;
  clock: Clock;
  events: EventBus;
  log: FastifyBaseLogger;
  purge: Record<RecordKind, Purge>;
  trashDays: number;
}) {
  const { db } = deps.database;

  async function inTrash(kind: RecordKind, id: number): Promise<boolean> {
    const row = await db
      .selectFrom(RECORD_TABLES[kind])
      .select('deleted_at')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', NOT_FOUND_MESSAGES[kind]);
    return row.deleted_at !== null;
  }

  /** Into the Корзина or back, with a ticket's or task's move out of the lists or into them. */
  function mark(actor: Actor, kind: RecordKind, id: number, trashed: boolean) {
    return db.transaction().execute(async (trx) => {
      // Read once the write holds the row (on PostgreSQL an edit may commit until then) and
      // before its list columns change: where it stood just before this change.
      let before: WorkFacts | null = null;
      const version = await markTrashed(trx, kind, id, actor, isoNow(deps.clock), trashed, async () => {
        if (kind !== 'client') before = await readWorkFacts(trx, kind, id);
      });
      if (kind === 'client' || version === null) return { version, work: {} };
      return { version, work: { work: await workMoveFrom(trx, kind, id, before) } };
    });
  }

  /** Gone for good from the Корзина: no list showed it. */
  function purged(kind: RecordKind, id: number) {
    deps.events.publish({
      entity: kind,
      id,
      op: 'delete',
      ...(kind === 'client' ? {} : { work: PURGED_WORK_MOVE }),
    });
  }

  async function purgeAll(cutoff?: string): Promise<number> {
    let count = 0;
    // Items before clients: a client's tickets let go of it before it goes.
    for (const kind of RECORD_KINDS) {
      for (const { id } of await trashedIds(db, kind, cutoff)) {
        try {
          await deps.purge[kind](id, cutoff);
          purged(kind, id);
          count += 1;
        } catch (error) {
          // Restored or purged meanwhile: nothing to do for this one.
          if (error instanceof AppError && error.code === 'not_found') continue;
          throw error;
        }
      }
    }
    return count;
  }

  return {
    async list(cursor?: string): Promise<Page<TrashItemDto>> {
      const limit = DEFAULT_PAGE_SIZE;
      const rows = await listTrash(db, decodeTrashCursor(cursor), limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(toTrashItem),
        nextCursor: rows.length > limit && last ? trashCursor(last) : null,
      };
    },

    /** Moves a record into the Корзина; a second delete of one already there changes nothing. */
    async moveToTrash(actor: Actor, kind: RecordKind, id: number): Promise<void> {
      const { version, work } = await mark(actor, kind, id, true);
      if (version !== null) deps.events.publish({ entity: kind, id, op: 'delete', ...work });
    },

    async restore(actor: Actor, kind: RecordKind, id: number): Promise<void> {
      const { version, work } = await mark(actor, kind, id, false);
      if (version !== null) deps.events.publish({ entity: kind, id, op: 'create', ...work });
    },

    /** Only what is in the Корзина can be deleted for good: a live record goes there first. */
    async deleteForever(kind: RecordKind, id: number): Promise<void> {
      if (!(await inTrash(kind, id))) throw notInTrash();
      try {
        await deps.purge[kind](id);
      } catch (error) {
        // Restored between the check and the delete.
        if (error instanceof AppError && error.code === 'not_found' && !(await inTrash(kind, id))) {
          throw notInTrash();
        }
        throw error;
      }
      purged(kind, id);
    },

    /** Everything in the Корзина, for good. Returns how many records went. */
    empty(): Promise<number> {
      return purgeAll();
    },

    /** Items in the Корзина longer than TRASH_DAYS, for good (the background job). */
    async purgeExpired(): Promise<number> {
      const cutoff = new Date(deps.clock.now().getTime() - deps.trashDays * DAY_MS).toISOString();
      const count = await purgeAll(cutoff);
      if (count > 0) deps.log.info({ count, trashDays: deps.trashDays }, 'purged old items from the trash');
      return count;
    },
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
