import { notInTrash } from '../db/not-in-trash';
import type { Insertable, Kysely, Selectable } from 'kysely';
import { olderThan, type CreatedCursor } from '../db/paging';
import { readNewestFirst, searchCondition, type SearchPlan } from '../search';
import type { DB, TasksTable } from '../db/schema';

export type TaskRow = Selectable<TasksTable>;

/** A task with its client's current phone (what its search columns are computed from). */
export function findTask(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('tasks')
    .leftJoin('clients', 'clients.id', 'tasks.client_id')
    .selectAll('tasks')
    .select(['clients.phone as client_phone', 'clients.deleted_at as client_deleted_at'])
    .where('tasks.id', '=', id)
    .executeTakeFirst();
}

export async function insertTask(db: Kysely<DB>, row: Insertable<TasksTable>): Promise<number> {
  const inserted = await db.insertInto('tasks').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export interface TaskListFilter {
  /** Stored values to match (a current status and the legacy values that read as it). */
  statuses?: string[];
  clientId?: number;
  /** The search and how it is answered (src/server/search). */
  searchPlan: SearchPlan;
}

export function listTasks(
  db: Kysely<DB>,
  filter: TaskListFilter,
  after: CreatedCursor | undefined,
  limit: number,
) {
  return readNewestFirst(filter.searchPlan, limit + 1, 'tasks', (plan) => {
    let query = db.selectFrom('tasks').selectAll().where(notInTrash());
    if (filter.statuses) query = query.where('status', 'in', filter.statuses);
    if (filter.clientId !== undefined) query = query.where('client_id', '=', filter.clientId);
    const searched = searchCondition(plan);
    if (searched) query = query.where(searched);
    return after ? query.where(olderThan(after)) : query;
  });
}
