import type { Kysely } from 'kysely';
import type { WorkKind } from '../../domain/worklist';
import type { DB } from '../db/schema';
import { refreshDerived } from '../work/derived-columns';

export interface RawItem {
  kind: WorkKind;
  status: string;
  title: string;
  dueDate: string | null;
  createdAt: string;
  closedAt: string | null;
  assigneeId?: number | null;
  assigneeName?: string;
  clientId?: number | null;
  clientName?: string;
}

/** A new open task with only a title, created on 2026-11-01. */
export const taskTitled = (title: string): RawItem => ({
  kind: 'task',
  status: 'new',
  title,
  dueDate: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  closedAt: null,
});

/**
 * Writes items as imported data would arrive (any status, legacy ones too), then derives columns;
 * in one transaction (one commit, not two a row: thousands of items in a test take a moment).
 */
export async function insertItems(db: Kysely<DB>, items: RawItem[]): Promise<number[]> {
  if (!db.isTransaction) return db.transaction().execute((trx) => insertItems(trx, items));
  const ids: number[] = [];
  for (const item of items) {
    const common = {
      title: item.title,
      description: '',
      due_date: item.dueDate,
      status: item.status,
      assignee_id: item.assigneeId ?? null,
      assignee_name: item.assigneeName ?? '',
      client_id: item.clientId ?? null,
      client_name: item.clientName ?? '',
      delivery_provider: null,
      created_by: null,
      created_by_name: '',
      created_at: item.createdAt,
      updated_at: item.createdAt,
      closed_at: item.closedAt,
      search_text: '',
    };
    const row =
      item.kind === 'ticket'
        ? await db
            .insertInto('tickets')
            .values({ ...common, repair_summary: '', return_provider: null })
            .returning('id')
            .executeTakeFirstOrThrow()
        : await db.insertInto('tasks').values(common).returning('id').executeTakeFirstOrThrow();
    await refreshDerived(db, item.kind, row.id);
    ids.push(row.id);
  }
  return ids;
}
