import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  COMMENT_CHANGED_MESSAGE,
  COMMENT_EMPTY_MESSAGE,
  COMMENT_MAX_PHOTOS,
  COMMENT_NOT_FOUND_MESSAGE,
  COMMENT_PAGE_SIZE,
  commentChangeRefusal,
  commentExcerpt,
  mentionedIds,
  type CommentDto,
  type CommentKind,
  type CommentPageDto,
  type MentionListDto,
} from '../../domain/comments';
import type { CommentCreateData } from '../../domain/comment-schemas';
import { IN_TRASH_MESSAGES, NOT_FOUND_MESSAGES } from '../../domain/records';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';
import type { FileStore } from '../files/file-store';
import { discardTemps, type ReceivedFile } from '../files/receive-uploads';
import { placeUploads, recordUploads, removeStoredQuietly, type PlacedUpload } from '../files/store-uploads';
import { historyFor, writeHistory } from '../history/history-writer';
import type { Actor } from '../http/actor';
import type { PushNotifier } from '../push/push-notifier';
import {
  closeMentionsOn,
  commentPage,
  findComment,
  findCommentByKey,
  insertMentions,
  lockItem,
  mentionablePeople,
  openMentions,
  toCommentDtos,
  type CommentRow,
} from './comments.repository';

interface Deps {
  db: Kysely<DB>;
  clock: Clock;
  store: FileStore;
  events: EventBus;
  push: Pick<PushNotifier, 'notify'>;
  log: FastifyBaseLogger;
}

/** How many open mentions «Мои» lists; the count beside it says how many there are in all. */
const MENTIONS_SHOWN = 50;

/** Under the item's folder (work-items/item-kind.ts), so that a purge of the item removes them. */
const folderOf = (kind: CommentKind, itemId: number) => `${kind}s/${itemId}/comments`;

/**
 * Comments on tickets and tasks (issue 55). A comment never changes its item (no version, no
 * worklist move): it is its own stream, published as `<kind>_comments` with the item's id.
 */
export function createCommentsService({ db, clock, store, events, push, log }: Deps) {
  const published = (kind: CommentKind, itemId: number) =>
    events.publish({ entity: `${kind}_comments`, id: itemId, op: 'update' });

  /** The item as it is now, held until the transaction ends; refused when missing or in the Корзина. */
  async function heldItem(trx: Kysely<DB>, kind: CommentKind, itemId: number) {
    const item = await lockItem(trx, kind, itemId);
    if (!item) throw new AppError('not_found', NOT_FOUND_MESSAGES[kind]);
    if (item.deleted_at !== null) throw new AppError('conflict', IN_TRASH_MESSAGES[kind]);
    return item;
  }

  /** Refused before any file is stored: the item is missing or in the Корзина. */
  async function checkItem(kind: CommentKind, itemId: number) {
    const item = await existingItem(db, kind, itemId);
    if (item.deleted_at !== null) throw new AppError('conflict', IN_TRASH_MESSAGES[kind]);
  }

  async function dtoOf(row: CommentRow): Promise<CommentDto> {
    const [dto] = await toCommentDtos(db, [row]);
    return dto!;
  }

  async function mentionsIn(body: string, authorId: number): Promise<number[]> {
    if (!body.includes('@')) return [];
    return mentionedIds(body, await mentionablePeople(db)).filter((id) => id !== authorId);
  }

  function tellMentioned(actor: Actor, row: CommentRow, title: string, userIds: number[]) {
    if (userIds.length === 0) return;
    push.notify(
      {
        kind: 'mentioned',
        item: { kind: row.item_kind === 'task' ? 'task' : 'ticket', id: row.item_id, title },
        commentId: row.id,
        authorName: actor.displayName,
        excerpt: commentExcerpt(row.body),
        userIds,
      },
      actor.id,
    );
  }

  /** A comment the author may change now, at the version they saw; refused in Russian otherwise. */
  async function changeable(actor: Actor, id: number, version: number): Promise<CommentRow> {
    const row = await findComment(db, id);
    if (!row) throw new AppError('not_found', COMMENT_NOT_FOUND_MESSAGE);
    const refusal = commentChangeRefusal(
      { authorId: row.author_id, createdAt: row.created_at, deletedAt: row.deleted_at },
      actor.id,
      clock.now(),
    );
    if (refusal !== null) {
      throw new AppError(refusal === COMMENT_NOT_FOUND_MESSAGE ? 'not_found' : 'forbidden', refusal);
    }
    if (row.version !== version) await refuseChanged(row);
    return row;
  }

  async function refuseChanged(row: CommentRow): Promise<never> {
    throw new AppError('conflict', COMMENT_CHANGED_MESSAGE, { extra: { comment: await dtoOf(row) } });
  }

  /** Writes the new text (or the deletion) only over the version read; 0 rows: someone was first. */
  async function writeOver(
    trx: Kysely<DB>,
    row: CommentRow,
    changes: { body?: string; edited_at?: string; deleted_at?: string },
  ) {
    const updated = await trx
      .updateTable('comments')
      .set({ ...changes, version: row.version + 1 })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .returningAll()
      .executeTakeFirst();
    if (!updated) {
      const now = await findComment(trx, row.id);
      if (!now) throw new AppError('not_found', COMMENT_NOT_FOUND_MESSAGE);
      // Changed between the check and this write: the screen refetches it on the live event
      // (its DTO cannot be read here, inside the transaction, on SQLite's one connection).
      throw new AppError('conflict', COMMENT_CHANGED_MESSAGE);
    }
    return updated;
  }

  return {
    /** A page of the thread, oldest first: the newest comments, or those before `before`. */
    async list(kind: CommentKind, itemId: number, before?: number): Promise<CommentPageDto> {
      await existingItem(db, kind, itemId);
      const rows = await commentPage(db, kind, itemId, before, COMMENT_PAGE_SIZE);
      const more = rows.length > COMMENT_PAGE_SIZE;
      const page = rows.slice(0, COMMENT_PAGE_SIZE).reverse();
      return { items: await toCommentDtos(db, page), more };
    },

    /**
     * Writes a comment with its photos, all or nothing, and names whoever it mentions. A comment
     * whose key this author already used is the same comment sent again: it is answered as stored,
     * and nothing is written twice. Writing on an item answers the author's own mentions there.
     */
    async create(
      actor: Actor,
      kind: CommentKind,
      itemId: number,
      input: CommentCreateData,
      photos: ReceivedFile[] = [],
    ): Promise<{ comment: CommentDto; created: boolean }> {
      const written: string[] = [];
      try {
        const again = await findCommentByKey(db, actor.id, input.clientKey);
        if (again) return { comment: await dtoOf(again), created: false };
        if (input.body === '' && photos.length === 0)
          throw new AppError('bad_request', COMMENT_EMPTY_MESSAGE);
        if (photos.length > COMMENT_MAX_PHOTOS) {
          throw new AppError(
            'bad_request',
            `К комментарию можно приложить не больше ${COMMENT_MAX_PHOTOS} фото`,
          );
        }
        await checkItem(kind, itemId);
        const mentioned = await mentionsIn(input.body, actor.id);
        const now = clock.now();
        const placed: PlacedUpload[] =
          photos.length > 0 ? await placeUploads(store, photos, folderOf(kind, itemId), now, written) : [];
        const { row, title } = await db.transaction().execute(async (trx) => {
          const item = await heldItem(trx, kind, itemId);
          const inserted = await trx
            .insertInto('comments')
            .values({
              item_kind: kind,
              item_id: itemId,
              author_id: actor.id,
              author_name: actor.displayName,
              body: input.body,
              client_key: input.clientKey,
              created_at: now.toISOString(),
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordUploads(
            trx,
            placed,
            {
              ...(kind === 'ticket' ? { ticketId: itemId } : { taskId: itemId }),
              commentId: inserted.id,
              kind: 'comment',
            },
            { userId: actor.id, userName: actor.displayName, now },
          );
          await closeMentionsOn(trx, kind, itemId, actor.id, now.toISOString());
          await insertMentions(trx, inserted, mentioned, now.toISOString());
          return { row: inserted, title: item.title };
        });
        // Committed: the photos are the comment's now, whatever happens after.
        written.length = 0;
        published(kind, itemId);
        tellMentioned(actor, row, title, mentioned);
        return { comment: await dtoOf(row), created: true };
      } catch (error) {
        await removeStoredQuietly(store, written, log);
        // The same comment sent twice at once: the other request stored it.
        if (isUniqueViolation(error)) {
          const stored = await findCommentByKey(db, actor.id, input.clientKey);
          if (stored) return { comment: await dtoOf(stored), created: false };
        }
        throw error;
      } finally {
        await discardTemps(photos);
      }
    },

    /** The author's new text, within the edit window, over the version they saw; the history keeps the old. */
    async edit(actor: Actor, id: number, input: { version: number; body: string }): Promise<CommentDto> {
      const row = await changeable(actor, id, input.version);
      if (row.body === input.body) return dtoOf(row);
      const kind: CommentKind = row.item_kind === 'task' ? 'task' : 'ticket';
      const mentioned = await mentionsIn(input.body, actor.id);
      const now = clock.now().toISOString();
      const { updated, added, title } = await db.transaction().execute(async (trx) => {
        const item = await heldItem(trx, kind, row.item_id);
        const next = await writeOver(trx, row, { body: input.body, edited_at: now });
        const before = await trx
          .selectFrom('comment_mentions')
          .select('user_id')
          .where('comment_id', '=', id)
          .execute();
        const had = new Set(before.map((m) => m.user_id));
        const fresh = mentioned.filter((userId) => !had.has(userId));
        const dropped = [...had].filter((userId) => !mentioned.includes(userId));
        if (dropped.length > 0) {
          await trx
            .deleteFrom('comment_mentions')
            .where('comment_id', '=', id)
            .where('user_id', 'in', dropped)
            .execute();
        }
        await insertMentions(trx, next, fresh, now);
        await writeHistory(trx, [
          historyFor(
            kind,
            row.item_id,
            actor,
            now,
          )({
            action: 'comment_edit',
            oldValue: row.body,
            newValue: input.body,
          }),
        ]);
        return { updated: next, added: fresh, title: item.title };
      });
      published(kind, row.item_id);
      tellMentioned(actor, updated, title, added);
      return dtoOf(updated);
    },

    /** The author deletes it within the edit window: the thread says it was deleted, the history keeps its text. */
    async remove(actor: Actor, id: number, version: number): Promise<CommentDto> {
      const row = await changeable(actor, id, version);
      const kind: CommentKind = row.item_kind === 'task' ? 'task' : 'ticket';
      const now = clock.now().toISOString();
      const { updated, photos } = await db.transaction().execute(async (trx) => {
        await heldItem(trx, kind, row.item_id);
        const next = await writeOver(trx, row, { deleted_at: now });
        await trx.deleteFrom('comment_mentions').where('comment_id', '=', id).execute();
        // Its photos go with it: nothing in the thread or the history shows them any more.
        const files = await trx
          .selectFrom('files')
          .select(['path', 'thumb_path'])
          .where('comment_id', '=', id)
          .execute();
        await trx.deleteFrom('files').where('comment_id', '=', id).execute();
        await writeHistory(trx, [
          historyFor(
            kind,
            row.item_id,
            actor,
            now,
          )({
            action: 'comment_delete',
            oldValue: row.body,
            note: files.length > 0 ? `Фото: ${files.length}` : '',
          }),
        ]);
        return { updated: next, photos: files };
      });
      await removeStoredQuietly(
        store,
        photos.flatMap((f) => [f.path, f.thumb_path]),
        log,
      );
      published(kind, row.item_id);
      return dtoOf(updated);
    },

    /** What «Мои» lists first for this person. */
    mentions(userId: number): Promise<MentionListDto> {
      return openMentions(db, userId, MENTIONS_SHOWN);
    },

    /** «Прочитано»: this person's open mentions on the mention's item are done. */
    async markRead(userId: number, mentionId: number): Promise<void> {
      const mention = await db
        .selectFrom('comment_mentions')
        .select(['item_kind', 'item_id'])
        .where('id', '=', mentionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!mention) throw new AppError('not_found', 'Упоминание не найдено');
      const kind: CommentKind = mention.item_kind === 'task' ? 'task' : 'ticket';
      await closeMentionsOn(db, kind, mention.item_id, userId, clock.now().toISOString());
      published(kind, mention.item_id);
    },
  };
}

/** The item a thread is on, in the Корзина or not; 404 when there is none. */
async function existingItem(db: Kysely<DB>, kind: CommentKind, itemId: number) {
  const item = await db
    .selectFrom(kind === 'ticket' ? 'tickets' : 'tasks')
    .select('deleted_at')
    .where('id', '=', itemId)
    .executeTakeFirst();
  if (!item) throw new AppError('not_found', NOT_FOUND_MESSAGES[kind]);
  return item;
}

export type CommentsService = ReturnType<typeof createCommentsService>;
