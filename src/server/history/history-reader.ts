import type { Kysely } from 'kysely';
import type { Page } from '../../domain/page';
import {
  HISTORY_PAGE_SIZE,
  type HistoryEntryDto,
  type HistoryHead,
  type HistoryKind,
} from '../../domain/history';
import type { DB } from '../db/schema';
import { toHistoryDto } from './history-dto';
import { listHistory } from './history.repository';

/** Newest first, a page at a time; `before` is the id of the last row already shown. */
export async function historyPage(
  db: Kysely<DB>,
  kind: HistoryKind,
  itemId: number,
  before?: number,
): Promise<Page<HistoryEntryDto>> {
  const rows = await listHistory(db, kind, itemId, before, HISTORY_PAGE_SIZE);
  const items = rows.slice(0, HISTORY_PAGE_SIZE).map(toHistoryDto);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > HISTORY_PAGE_SIZE && last ? String(last.id) : null };
}

export async function historyHead(db: Kysely<DB>, kind: HistoryKind, itemId: number): Promise<HistoryHead> {
  const page = await historyPage(db, kind, itemId);
  return { history: page.items, historyMore: page.nextCursor !== null };
}
