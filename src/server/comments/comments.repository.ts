import type { Kysely, Selectable } from 'kysely';
import { commentExcerpt, type CommentDto, type CommentKind, type MentionDto } from '../../domain/comments';
import type { DB } from '../db/schema';
import type { CommentsTable } from '../db/schema-later';
import { toStoredFileDto } from '../files/stored-file-dto';
import type { FileRow } from '../files/files.repository';

export type CommentRow = Selectable<CommentsTable>;

const ITEM_TABLES = { ticket: 'tickets', task: 'tasks' } as const;

/** Comments with their mentions and photos, as the card shows them (a deleted one without text). */
export async function toCommentDtos(db: Kysely<DB>, rows: CommentRow[]): Promise<CommentDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [mentions, photos] = await Promise.all([
    db
      .selectFrom('comment_mentions')
      .innerJoin('users', 'users.id', 'comment_mentions.user_id')
      .select(['comment_mentions.comment_id', 'users.id', 'users.display_name'])
      .where('comment_mentions.comment_id', 'in', ids)
      .orderBy('comment_mentions.id')
      .execute(),
    db.selectFrom('files').selectAll().where('comment_id', 'in', ids).orderBy('id').execute(),
  ]);
  return rows.map((row) => {
    const deleted = row.deleted_at !== null;
    return {
      id: row.id,
      authorId: row.author_id,
      authorName: row.author_name,
      body: deleted ? '' : row.body,
      mentions: deleted
        ? []
        : mentions.filter((m) => m.comment_id === row.id).map((m) => ({ id: m.id, name: m.display_name })),
      photos: deleted ? [] : photos.filter((f: FileRow) => f.comment_id === row.id).map(toStoredFileDto),
      createdAt: row.created_at,
      editedAt: row.edited_at,
      deletedAt: row.deleted_at,
      version: row.version,
      clientKey: row.client_key,
    };
  });
}

/** A page of an item's thread, newest first: `limit + 1` rows tell whether older ones exist. */
export function commentPage(
  db: Kysely<DB>,
  kind: CommentKind,
  itemId: number,
  before: number | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('comments')
    .selectAll()
    .where('item_kind', '=', kind)
    .where('item_id', '=', itemId);
  if (before !== undefined) query = query.where('id', '<', before);
  return query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
}

export function findComment(db: Kysely<DB>, id: number) {
  return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCommentByKey(db: Kysely<DB>, authorId: number, clientKey: string) {
  return db
    .selectFrom('comments')
    .selectAll()
    .where('author_id', '=', authorId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
}

/** Everyone who can be named with `@`: the people who can sign in. */
export function mentionablePeople(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .select(['id', 'display_name as displayName'])
    .where('disabled_at', 'is', null)
    .execute();
}

/** Writes who a comment names (each once), in the comment's transaction. */
export async function insertMentions(
  trx: Kysely<DB>,
  comment: { id: number; item_kind: string; item_id: number },
  userIds: number[],
  now: string,
) {
  if (userIds.length === 0) return;
  await trx
    .insertInto('comment_mentions')
    .values(
      userIds.map((userId) => ({
        comment_id: comment.id,
        user_id: userId,
        item_kind: comment.item_kind,
        item_id: comment.item_id,
        created_at: now,
      })),
    )
    .execute();
}

/** An answer on an item, or «Прочитано»: the person's open mentions there are done. */
export function closeMentionsOn(
  trx: Kysely<DB>,
  kind: CommentKind,
  itemId: number,
  userId: number,
  now: string,
) {
  return trx
    .updateTable('comment_mentions')
    .set({ done_at: now })
    .where('item_kind', '=', kind)
    .where('item_id', '=', itemId)
    .where('user_id', '=', userId)
    .where('done_at', 'is', null)
    .execute();
}

/**
 * The items where a person has open mentions, the newest first, out of the Корзина: the item's
 * title, the newest comment that named them, and how many did.
 */
export async function openMentions(
  db: Kysely<DB>,
  userId: number,
  limit: number,
): Promise<{ items: MentionDto[]; total: number }> {
  const open = db
    .selectFrom('comment_mentions')
    .innerJoin('comments', 'comments.id', 'comment_mentions.comment_id')
    .leftJoin('tickets', (join) =>
      join
        .onRef('tickets.id', '=', 'comment_mentions.item_id')
        .on('comment_mentions.item_kind', '=', 'ticket'),
    )
    .leftJoin('tasks', (join) =>
      join.onRef('tasks.id', '=', 'comment_mentions.item_id').on('comment_mentions.item_kind', '=', 'task'),
    )
    .where('comment_mentions.user_id', '=', userId)
    .where('comment_mentions.done_at', 'is', null)
    .where('comments.deleted_at', 'is', null)
    // One row per item: its newest open mention (an answer there closes them all).
    .where((eb) =>
      eb(
        'comment_mentions.id',
        '=',
        eb
          .selectFrom('comment_mentions as newer')
          .select((inner) => inner.fn.max('newer.id').as('newest'))
          .whereRef('newer.user_id', '=', 'comment_mentions.user_id')
          .whereRef('newer.item_kind', '=', 'comment_mentions.item_kind')
          .whereRef('newer.item_id', '=', 'comment_mentions.item_id')
          .where('newer.done_at', 'is', null),
      ),
    )
    .where((eb) =>
      eb.or([
        eb.and([eb('tickets.id', 'is not', null), eb('tickets.deleted_at', 'is', null)]),
        eb.and([eb('tasks.id', 'is not', null), eb('tasks.deleted_at', 'is', null)]),
      ]),
    );
  const [rows, count] = await Promise.all([
    open
      .select([
        'comment_mentions.id',
        'comment_mentions.item_kind',
        'comment_mentions.item_id',
        'comment_mentions.comment_id',
        'comment_mentions.created_at',
        'comments.author_name',
        'comments.body',
        'tickets.title as ticket_title',
        'tasks.title as task_title',
        (eb) =>
          eb
            .selectFrom('comment_mentions as all_open')
            .select((inner) => inner.fn.countAll<number | string>().as('n'))
            .whereRef('all_open.user_id', '=', 'comment_mentions.user_id')
            .whereRef('all_open.item_kind', '=', 'comment_mentions.item_kind')
            .whereRef('all_open.item_id', '=', 'comment_mentions.item_id')
            .where('all_open.done_at', 'is', null)
            .as('open_count'),
      ])
      .orderBy('comment_mentions.id', 'desc')
      .limit(limit)
      .execute(),
    open.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const items = rows.map((row): MentionDto => ({
    id: row.id,
    kind: row.item_kind === 'task' ? 'task' : 'ticket',
    itemId: row.item_id,
    itemTitle: row.ticket_title ?? row.task_title ?? '',
    commentId: row.comment_id,
    authorName: row.author_name,
    excerpt: commentExcerpt(row.body),
    count: Number(row.open_count ?? 1),
    createdAt: row.created_at,
  }));
  return { items, total: Number(count.total) };
}

/** The item a comment is on, its row held until the transaction ends (see lockedItem in item-files.ts). */
export function lockItem(trx: Kysely<DB>, kind: CommentKind, itemId: number) {
  return trx
    .updateTable(ITEM_TABLES[kind])
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', itemId)
    .returning(['title', 'deleted_at'])
    .executeTakeFirst();
}

/** Deletes an item's comments (their mentions and photo rows go with them): a purge from the Корзина. */
export async function deleteCommentsOf(trx: Kysely<DB>, kind: CommentKind, itemId: number) {
  await trx.deleteFrom('comments').where('item_kind', '=', kind).where('item_id', '=', itemId).execute();
}
