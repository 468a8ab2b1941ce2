/**
 * The counts beside the worklist's state checkboxes (issue 20). While searching, each state is
 * counted up to SEARCH_COUNT_CAP + 1 and shown as «1000+» past the cap (issue 22): a common
 * query then stops after that many matches instead of reading every one of them.
 */
export const SEARCH_COUNT_CAP = 1000;

/**
 * True when a count stands for «more than SEARCH_COUNT_CAP», not an exact number: only counts
 * made while searching are capped; without a search every count is exact, however large.
 */
export function isCappedCount(count: number, searching: boolean): boolean {
  return searching && count > SEARCH_COUNT_CAP;
}

/** «12», or «1000+» for a capped count. */
export function formatStateCount(count: number, searching: boolean): string {
  return isCappedCount(count, searching) ? `${SEARCH_COUNT_CAP}+` : String(count);
}
