import type { WorkFacts } from './live-events';
import { isSearching, parseSearchQuery, type SearchQuery } from './search-text';
import { parseStates, WORK_STATES, type WorkKind, type WorkState } from './worklist';

/**
 * The worklist filters a browser can judge one item against by itself (type, assignee,
 * states, search). The rest («Сначала просроченные», «Дольше срока», the dashboard's
 * links) depend on the clock and the shop's rules: those lists ask the server again.
 */
export interface JudgeableWorkFilter {
  kinds: readonly WorkKind[];
  states: readonly WorkState[];
  assignee: number | 'none' | undefined;
  search: SearchQuery;
}

const KINDS: Record<string, readonly WorkKind[]> = {
  all: ['ticket', 'task'],
  tickets: ['ticket'],
  tasks: ['task'],
};
// The page size changes where pages end, not what the list holds.
const JUDGEABLE_PARAMS = new Set(['q', 'type', 'assignee', 'states', 'limit']);

/**
 * The filter of a worklist's (or its counts') query string, or null when it holds anything
 * else. Counts are asked for without states: every state then counts.
 */
export function judgeableWorkFilter(params: Record<string, string>): JudgeableWorkFilter | null {
  if (Object.keys(params).some((name) => !JUDGEABLE_PARAMS.has(name))) return null;
  const kinds = KINDS[params.type ?? 'all'];
  const assignee = params.assignee;
  if (!kinds || (assignee !== undefined && assignee !== 'none' && !/^[1-9]\d*$/.test(assignee))) return null;
  return {
    kinds,
    states: parseStates(params.states),
    assignee: assignee === undefined ? undefined : assignee === 'none' ? 'none' : Number(assignee),
    search: parseSearchQuery(params.q ?? ''),
  };
}

/** The one search rule (src/domain/search-text.ts) on an item's stored text, phone digits and number. */
export function searchMatches(search: SearchQuery, id: number, text: string, phone: string): boolean {
  if (search.text !== null && text.includes(search.text)) return true;
  if (search.phoneContains.some((digits) => phone.includes(digits))) return true;
  if (search.phoneStartsWith.some((digits) => phone.startsWith(digits))) return true;
  return search.number !== null && id === search.number;
}

/** Whether an item with these facts is in a list with this filter, its state aside. */
export function matchesOtherFilters(
  filter: Omit<JudgeableWorkFilter, 'states'>,
  kind: WorkKind,
  id: number,
  facts: WorkFacts,
): boolean {
  if (!filter.kinds.includes(kind)) return false;
  if (
    filter.assignee === 'none'
      ? facts.assigneeId !== null
      : filter.assignee !== undefined && facts.assigneeId !== filter.assignee
  ) {
    return false;
  }
  return !isSearching(filter.search) || searchMatches(filter.search, id, facts.text, facts.phone);
}

/** Whether an item with these facts is in a list with this filter. */
export function inWorklist(
  filter: JudgeableWorkFilter,
  kind: WorkKind,
  id: number,
  facts: WorkFacts,
): boolean {
  return (
    (filter.states as readonly string[]).includes(facts.state) && matchesOtherFilters(filter, kind, id, facts)
  );
}

/** The state an item counts toward beside the state checkboxes, or null (the Корзина). */
export function countedState(facts: WorkFacts): WorkState | null {
  return (WORK_STATES as readonly string[]).includes(facts.state) ? (facts.state as WorkState) : null;
}
