import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LONGEST_WALK, readPlanned, WALK_ROWS } from './read-planned';
import type { SearchPlan } from './search-index';

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
        asked.push(plan.use === 'walk' ? `walk to ${within ?? 'end'}` : plan.use);
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

const WALK_WITH_INDEX: SearchPlan = {
  use: 'walk',
  otherwise: { use: 'index', rows: sql`(select 1 as id)` },
};
const LIMIT = 51;

describe('readPlanned: a walk, a longer walk where the first stretch predicts a page, or the index', () => {
  it('returns the first stretch’s page when it fills', async () => {
    const { asked, list, firstPage } = listOf(100_000, (n) => n % 10 === 0);
    expect(await readPlanned(WALK_WITH_INDEX, LIMIT, list(LIMIT))).toEqual(firstPage(LIMIT));
    expect(asked).toEqual([`walk to ${WALK_ROWS}`]);
  });

  it('walks again, as far as the first stretch’s matches predict for a page, with a margin', async () => {
    // One row in 80: 37 in the first 3,000 («яковлев» in the task list: 36), a page by 4,080.
    const { asked, list, firstPage } = listOf(100_000, (n) => n % 80 === 0);
    expect(await readPlanned(WALK_WITH_INDEX, LIMIT, list(LIMIT))).toEqual(firstPage(LIMIT));
    const further = Math.ceil((WALK_ROWS * LIMIT * 1.5) / 37);
    expect(asked).toEqual([`walk to ${WALK_ROWS}`, `reaches ${WALK_ROWS + 1}`, `walk to ${further}`]);
  });

  it('reads the index when the first stretch found nothing, or too little to walk to a page', async () => {
    for (const every of [5000, 400]) {
      // None in 3,000; or 7, which predict a page only after 32,786 rows (more than LONGEST_WALK).
      const { asked, list, firstPage } = listOf(100_000, (n) => n % every === 0);
      expect(await readPlanned(WALK_WITH_INDEX, LIMIT, list(LIMIT))).toEqual(firstPage(LIMIT));
      expect(asked).toEqual([`walk to ${WALK_ROWS}`, `reaches ${WALK_ROWS + 1}`, 'index']);
    }
    expect(Math.ceil((WALK_ROWS * LIMIT * 1.5) / 7)).toBeGreaterThan(LONGEST_WALK);
  });

  it('reads the index when the matches thin out after the first stretch', async () => {
    // 60 in the first 3,000 rows of a page of 100, then one in 1,000.
    const { asked, list, firstPage } = listOf(100_000, (n) => (n <= 3000 ? n % 50 === 0 : n % 1000 === 0));
    expect(await readPlanned(WALK_WITH_INDEX, 100, list(100))).toEqual(firstPage(100));
    expect(asked).toEqual([
      `walk to ${WALK_ROWS}`,
      `reaches ${WALK_ROWS + 1}`,
      'walk to 7500',
      'reaches 7501',
      'index',
    ]);
  });

  it('walks the whole list when it is shorter than a stretch', async () => {
    const short = listOf(2000, (n) => n % 100 === 0);
    expect(await readPlanned(WALK_WITH_INDEX, LIMIT, short.list(LIMIT))).toEqual(short.firstPage(LIMIT));
    // The stretch was the whole list: its page, short as it is, without the index.
    expect(short.asked).toEqual([`walk to ${WALK_ROWS}`, `reaches ${WALK_ROWS + 1}`]);
    // 10 in the first 3,000 of 8,000 rows: the second stretch (22,950) is past the list's end.
    const longer = listOf(8000, (n) => n % 300 === 0);
    expect(await readPlanned(WALK_WITH_INDEX, LIMIT, longer.list(LIMIT))).toEqual(longer.firstPage(LIMIT));
    expect(longer.asked).toEqual([
      `walk to ${WALK_ROWS}`,
      `reaches ${WALK_ROWS + 1}`,
      'walk to 22950',
      'reaches 22951',
    ]);
  });

  it('reads any other plan as it is', async () => {
    const { asked, list } = listOf(10, () => true);
    await readPlanned({ use: 'ids', ids: [1] }, LIMIT, list(LIMIT));
    await readPlanned({ ...WALK_WITH_INDEX, whole: true }, LIMIT, list(LIMIT));
    await readPlanned({ use: 'walk' }, LIMIT, list(LIMIT));
    expect(asked).toEqual(['ids', 'walk to end', 'walk to end']);
  });
});
