import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { type Clock, isoNow } from '../clock';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import type { FileStore } from '../files/file-store';
import { deleteFileRow, findFile, type FileRow } from '../files/files.repository';
import { discardTemps, type ReceivedFile } from '../files/receive-uploads';
import { placeUploads, recordUploads, removeStoredQuietly } from '../files/store-uploads';
import type { Actor } from '../http/actor';
import type { ItemKind } from './item-kind';
import { deleteFromTrash, refuseInTrash } from '../trash/trash-marks';
import { IN_TRASH_MESSAGES } from '../../domain/records';

export const FILE_NOT_FOUND_MESSAGE = 'Файл не найден';

interface Deps {
  db: Kysely<DB>;
  clock: Clock;
  store: FileStore;
  log: FastifyBaseLogger;
}

export interface StoreTarget {
  kind: 'file' | 'pvz' | 'photo';
  /** Under the item's folder: `files`, `pvz`, `photos`. */
  subfolder: string;
  /** Refuses the upload for this item as it is now (throws), before anything is written. */
  check?: (item: { status: string }) => void;
  /** Writes what else belongs with the files (history), in the same transaction. */
  record: (trx: Transaction<DB>, now: string, files: { id: number; name: string }[]) => Promise<unknown>;
}

/**
 * Files of tickets and tasks, handled one way for both: listed, stored all-or-nothing,
 * deleted with their item, deleted one by one. Callers publish the change.
 */
export function createItemFiles({ db, clock, store, log }: Deps, kind: ItemKind) {
  /** The item's own files; `withComments` adds its comments' photos (a purge removes them all). */
  function listFiles(executor: Kysely<DB>, id: number, { withComments = false } = {}): Promise<FileRow[]> {
    let query = executor.selectFrom('files').selectAll().where(kind.fileOwner, '=', id);
    if (!withComments) query = query.where('comment_id', 'is', null);
    return query.orderBy('id').execute();
  }

  /** The item as it is now; refused when missing or in the Корзина. */
  async function changeableItem(trx: Kysely<DB>, id: number): Promise<{ status: string }> {
    const item = await trx
      .selectFrom(kind.table)
      .select(['status', 'deleted_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return refuseGone(item);
  }

  /**
   * The item as it is now, its row held until the transaction ends: on PostgreSQL a step
   * committed meanwhile (into «Закрыта», out of «Прибыл в ПВЗ») is waited for and then seen, so
   * a file never lands on, or leaves, a ticket whose status no longer takes it. A no-op update
   * takes the lock on both databases (SQLite has no FOR UPDATE; it runs one writer at a time).
   */
  async function lockedItem(trx: Kysely<DB>, id: number): Promise<{ status: string }> {
    const item = await trx
      .updateTable(kind.table)
      .set({ version: sql<number>`version` })
      .where('id', '=', id)
      .returning(['status', 'deleted_at'])
      .executeTakeFirst();
    return refuseGone(item);
  }

  function refuseGone(item: { status: string; deleted_at: string | null } | undefined) {
    if (!item) throw new AppError('not_found', kind.notFoundMessage);
    refuseInTrash(kind.entity, item);
    return item;
  }

  /**
   * Raises the version of an item that is still out of the Корзина, last in the
   * transaction: on PostgreSQL a move to the Корзина committed meanwhile makes this
   * update find no row, and the whole change (files too) is undone with a 409.
   */
  async function touchLive(trx: Kysely<DB>, id: number, now: string): Promise<void> {
    const result = await trx
      .updateTable(kind.table)
      .set({ version: sql<number>`version + 1`, updated_at: now })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError('conflict', IN_TRASH_MESSAGES[kind.entity]);
  }

  return {
    listFiles,

    /**
     * Deletes the item for good from the Корзина, with its history (its file rows go with
     * it), and then its files. The record goes even if some files cannot be deleted
     * (spec §8): those are logged. Not in the Корзина (any more): 404, nothing changes.
     */
    async purgeWithFiles(id: number, deletedBefore?: string): Promise<void> {
      // Files cannot be added while the item is in the Корзина, so this list stays whole.
      const files = await listFiles(db, id, { withComments: true });
      const deleted = await db
        .transaction()
        .execute((trx) => deleteFromTrash(trx, kind.entity, id, deletedBefore, clock.now().toISOString()));
      if (!deleted) throw new AppError('not_found', kind.notFoundMessage);
      await removeStoredQuietly(
        store,
        files.flatMap((f) => [f.path, f.thumb_path]),
        log,
      );
      try {
        await store.removeFolder(kind.folder(id));
      } catch (error) {
        log.warn({ err: error, entity: kind.entity, id }, 'could not delete the item folder');
      }
    },

    /**
     * Stores received files with their rows; on any failure neither stays. The files go into
     * the store first (checked against the item before, so nothing is sent for an item that
     * cannot take it), then the rows in one transaction that checks the item again.
     */
    async storeFiles(actor: Actor, id: number, received: ReceivedFile[], target: StoreTarget): Promise<void> {
      const written: string[] = [];
      try {
        target.check?.(await changeableItem(db, id));
        const now = clock.now();
        const placed = await placeUploads(
          store,
          received,
          `${kind.folder(id)}/${target.subfolder}`,
          now,
          written,
        );
        await db.transaction().execute(async (trx) => {
          const item = await lockedItem(trx, id);
          target.check?.(item);
          const ids = await recordUploads(
            trx,
            placed,
            { ...(kind.fileOwner === 'ticket_id' ? { ticketId: id } : { taskId: id }), kind: target.kind },
            { userId: actor.id, userName: actor.displayName, now },
          );
          await target.record(
            trx,
            now.toISOString(),
            ids.map((fileId, index) => ({ id: fileId, name: received[index]?.name ?? '' })),
          );
          await touchLive(trx, id, now.toISOString());
        });
      } catch (error) {
        await removeStoredQuietly(store, written, log);
        throw error;
      } finally {
        await discardTemps(received);
      }
    },

    /** One file of this item; `record` writes what goes with it (history) in the same transaction. */
    async deleteFile(
      id: number,
      fileId: number,
      record: (
        trx: Transaction<DB>,
        file: FileRow,
        now: string,
        item: { status: string },
      ) => Promise<unknown>,
    ): Promise<void> {
      const file = await findFile(db, fileId);
      // A comment's photo goes only with its comment (its author, within the edit window).
      if (!file || file[kind.fileOwner] !== id || file.comment_id !== null) {
        throw new AppError('not_found', FILE_NOT_FOUND_MESSAGE);
      }
      const now = isoNow(clock);
      await db.transaction().execute(async (trx) => {
        const item = await lockedItem(trx, id);
        await deleteFileRow(trx, fileId);
        await record(trx, file, now, item);
        await touchLive(trx, id, now);
      });
      await removeStoredQuietly(store, [file.path, file.thumb_path], log);
    },
  };
}

export type ItemFiles = ReturnType<typeof createItemFiles>;
