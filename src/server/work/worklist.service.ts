import { MAX_RECORD_ID } from '../../domain/input-text';
import { isProvider } from '../../domain/providers';
import type { Page } from '../../domain/client-schemas';
import { parseSearchQuery } from '../../domain/search-text';
import { readTaskStatus } from '../../domain/task-status';
import { isIntake } from '../../domain/ticket-status';
import { workHighlight, type WorkKind } from '../../domain/worklist';
import { parseStates, type WorkItemDto, type WorklistQuery } from '../../domain/worklist-query';
import type { Database } from '../db/database';
import { DEFAULT_PAGE_SIZE, InvalidCursorError } from '../db/paging';
import { countWork, listWork, type WorkCursor, type WorkRow } from './worklist.repository';

function encodeCursor(row: WorkRow): string {
  return Buffer.from(JSON.stringify([row.work_sort, row.kind_rank, row.id])).toString('base64url');
}

function decodeCursor(raw: string | undefined): WorkCursor | undefined {
  if (!raw) return undefined;
  try {
    const [sort, rank, id] = JSON.parse(Buffer.from(raw, 'base64url').toString()) as unknown[];
    if (
      typeof sort === 'string' &&
      /^\d{23}$/.test(sort) &&
      (rank === 0 || rank === 1) &&
      Number.isSafeInteger(id) &&
      (id as number) >= 0 &&
      (id as number) <= MAX_RECORD_ID
    ) {
      return { sort, rank, id: id as number };
    }
  } catch {
    // fall through to the error below
  }
  throw new InvalidCursorError();
}

function toWorkItem(row: WorkRow): WorkItemDto {
  const status = row.kind === 'task' ? readTaskStatus(row.status) : row.status;
  return {
    kind: row.kind,
    id: Number(row.id),
    title: row.title,
    clientName: row.client_name,
    clientPhone: row.client_phone ?? '',
    device: row.device,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    status,
    intake: isIntake(row.intake) ? row.intake : 'pvz',
    deliveryProvider: isProvider(row.delivery_provider) ? row.delivery_provider : null,
    returnProvider: isProvider(row.return_provider) ? row.return_provider : null,
    dueDate: row.due_date,
    createdAt: row.created_at,
    closedAt: row.closed_at,
    highlight: workHighlight({ kind: row.kind, status: row.status, title: row.title }),
  };
}

const KINDS: Record<NonNullable<WorklistQuery['type']>, WorkKind[]> = {
  all: ['ticket', 'task'],
  tickets: ['ticket'],
  tasks: ['task'],
};

function assigneeFilter(assignee: string | undefined): number | 'none' | undefined {
  if (assignee === undefined) return undefined;
  return assignee === 'none' ? 'none' : Number(assignee);
}

/** The combined worklist: filtered, ordered and paged in SQL (spec §2, §4). */
export function createWorklistService({ database }: { database: Database }) {
  return {
    async list(query: WorklistQuery): Promise<Page<WorkItemDto>> {
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      const states = parseStates(query.states);
      if (states.length === 0) return { items: [], nextCursor: null };
      const rows = await listWork(
        database.db,
        {
          kinds: KINDS[query.type ?? 'all'],
          states,
          assignee: assigneeFilter(query.assignee),
          search: parseSearchQuery(query.q ?? ''),
        },
        decodeCursor(query.cursor),
        limit + 1,
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(toWorkItem),
        nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      };
    },

    /** The number of items in each state under the list's other filters. */
    counts(query: WorklistQuery) {
      return countWork(database.db, {
        kinds: KINDS[query.type ?? 'all'],
        assignee: assigneeFilter(query.assignee),
        search: parseSearchQuery(query.q ?? ''),
      });
    },
  };
}

export type WorklistService = ReturnType<typeof createWorklistService>;
