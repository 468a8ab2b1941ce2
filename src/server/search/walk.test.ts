import { describe, expect, it } from 'vitest';
import { NO_SEARCH } from '../../domain/search-text';
import type { SearchPlan } from './plan';
import { HEAD_ROWS, WALK_ROWS } from './tuning';
import { readPlanned } from './walk';

/**
 * A list of `length` rows in its own order, the search matching those `matches` names (by
 * position, 1-based), read as readPlanned reads a list: a walk of its first rows, or the index.
 * Records what was asked, so that a test sees which way the page came.
 */
function listOf(length: number, matches: (position: number) => boolean) {
  const asked: string[] = [];
  const matching = Array.from({ length }, (_, i) => i + 1).filter(matches);
  return {
    asked,
    list: (limit: number) => ({
      async read(plan: SearchPlan, within?: number) {
        asked.push(plan.road.use === 'scan' ? `walk to ${within ?? 'end'}` : plan.road.use);
        return matching.filter((position) => within === undefined || position <= within).slice(0, limit);
      },
      async reaches(n: number) {
        asked.push(`reaches ${n}`);
        return n <= length;
      },
    }),
    firstPage: (limit: number) => matching.slice(0, limit),
  };
}

const COMMON: SearchPlan = {
  database: { dialect: 'sqlite', db: undefined as never },
  list: 'tasks',
  search: NO_SEARCH,
  road: { use: 'walk' },
};
const LIMIT = 51;

describe('readPlanned: a common query walks a stretch of the list, then reads the index', () => {
  it('returns the stretch’s page when it fills', async () => {
    const { asked, list, firstPage } = listOf(100_000, (n) => n % 10 === 0);
    expect(await readPlanned(COMMON, LIMIT, list(LIMIT))).toEqual(firstPage(LIMIT));
    expect(asked).toEqual([`walk to ${WALK_ROWS}`]);
  });

  it('an undecided search is answered by the list’s head when its page is there', async () => {
    const { asked, list, firstPage } = listOf(100_000, (n) => n % 10 === 0);
    expect(await readPlanned({ ...COMMON, road: { use: 'search' } }, LIMIT, list(LIMIT))).toEqual(
      firstPage(LIMIT),
    );
    expect(asked).toEqual([`walk to ${HEAD_ROWS}`]);
  });

  it('reads the index when the stretch did not fill the page', async () => {
    const { asked, list, firstPage } = listOf(100_000, (n) => n % 5000 === 0 || n > 90_000);
    expect(await readPlanned(COMMON, LIMIT, list(LIMIT))).toEqual(firstPage(LIMIT));
    expect(asked).toEqual([`walk to ${WALK_ROWS}`, `reaches ${WALK_ROWS + 1}`, 'index']);
  });

  it('is done after the stretch when the list ends within it', async () => {
    const { asked, list, firstPage } = listOf(500, (n) => n % 100 === 0);
    expect(await readPlanned(COMMON, LIMIT, list(LIMIT))).toEqual(firstPage(LIMIT));
    expect(asked).toEqual([`walk to ${WALK_ROWS}`, `reaches ${WALK_ROWS + 1}`]);
  });

  it('walks on where the head shows the query dense enough to fill the page in the stretch', async () => {
    // One in 150: 6 in the head, about 66 in the stretch.
    const { asked, list, firstPage } = listOf(100_000, (n) => n % 150 === 0);
    const plan: SearchPlan = { ...COMMON, road: { use: 'search' }, candidates: async () => null };
    expect(await readPlanned(plan, LIMIT, list(LIMIT))).toEqual(firstPage(LIMIT));
    expect(asked).toEqual([`walk to ${HEAD_ROWS}`, `reaches ${HEAD_ROWS + 1}`, `walk to ${WALK_ROWS}`]);
  });

  it('reads every row the index names at once where the head shows the stretch would not fill the page', async () => {
    // One in 400: 2 in the head, about 25 in the stretch.
    const { asked, list, firstPage } = listOf(100_000, (n) => n % 400 === 0);
    const plan: SearchPlan = { ...COMMON, road: { use: 'search' }, candidates: async () => null };
    expect(await readPlanned(plan, LIMIT, list(LIMIT))).toEqual(firstPage(LIMIT));
    expect(asked).toEqual([`walk to ${HEAD_ROWS}`, `reaches ${HEAD_ROWS + 1}`, 'index']);
  });

  it('reads a plan that is not a walk as it is', async () => {
    const { asked, list } = listOf(100, () => true);
    await readPlanned({ ...COMMON, road: { use: 'ids', ids: [1] } }, LIMIT, list(LIMIT));
    expect(asked).toEqual(['ids']);
  });
});
