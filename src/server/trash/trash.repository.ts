import { sql, type Kysely } from 'kysely';
import { RECORD_KINDS, type RecordKind } from '../../domain/records';
import { RECORD_TABLES } from '../db/record-tables';
import type { DB } from '../db/schema';

/** Position after the last row shown: (deleted_at desc, kind rank desc, id desc). */
export interface TrashCursor {
  deletedAt: string;
  rank: number;
  id: number;
}

export interface TrashRow {
  kind: RecordKind;
  rank: number;
  id: number;
  title: string;
  detail: string;
  deleted_at: string;
  deleted_by_name: string;
}

/** One kind's rows in the Корзина, newest deletion first, read off the (deleted_at, id) index. */
function side(db: Kysely<DB>, kind: RecordKind, after: TrashCursor | undefined, limit: number) {
  const rank = RECORD_KINDS.indexOf(kind);
  const [title, detail] = kind === 'client' ? ['full_name', 'phone'] : ['title', 'client_name'];
  // The three tables share id, deleted_at and deleted_by_name, and the two text columns
  // are named per kind, so the query is written against one of them.
  const sameShape = db as unknown as Kysely<Pick<DB, 'clients'>>;
  let query = sameShape
    .selectFrom(RECORD_TABLES[kind] as 'clients')
    .select([
      sql<RecordKind>`${sql.lit(kind)}`.as('kind'),
      sql<number>`${sql.lit(rank)}`.as('rank'),
      'id',
      sql<string>`${sql.ref(title)}`.as('title'),
      sql<string>`${sql.ref(detail)}`.as('detail'),
      sql<string>`deleted_at`.as('deleted_at'),
      'deleted_by_name',
    ])
    .where('deleted_at', 'is not', null);
  if (after) {
    query = query.where((eb) => {
      if (rank < after.rank) return eb('deleted_at', '<=', after.deletedAt);
      if (rank > after.rank) return eb('deleted_at', '<', after.deletedAt);
      return eb(eb.refTuple('deleted_at', 'id'), '<', eb.tuple(after.deletedAt, after.id));
    });
  }
  return query.orderBy('deleted_at', 'desc').orderBy('id', 'desc').limit(limit);
}

export function listTrash(
  db: Kysely<DB>,
  after: TrashCursor | undefined,
  limit: number,
): Promise<TrashRow[]> {
  const [first, ...rest] = RECORD_KINDS.map((kind) =>
    (db as unknown as Kysely<Pick<DB, 'clients'>>)
      .selectFrom(side(db, kind, after, limit).as(`${kind}_side`))
      .selectAll(),
  );
  const union = rest.reduce((acc, next) => acc.unionAll(next), first!);
  return db
    .selectFrom(union.as('trash'))
    .selectAll()
    .orderBy('deleted_at', 'desc')
    .orderBy('rank', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute() as Promise<TrashRow[]>;
}

/** Every record of a kind in the Корзина since before `cutoff` (all of them without one). */
export function trashedIds(db: Kysely<DB>, kind: RecordKind, cutoff?: string): Promise<{ id: number }[]> {
  let query = db.selectFrom(RECORD_TABLES[kind]).select('id').where('deleted_at', 'is not', null);
  if (cutoff !== undefined) query = query.where('deleted_at', '<', cutoff);
  return query.orderBy('id').execute();
}
