import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readPlanned, WALK_ROWS, type SearchPlan } from './search-index';

/**
 * A list in its own order (row n at position n) whose matches are the given positions, read the
 * ways readPlanned asks: noting which roads were taken and how many rows each walk could read.
 */
function listOf(length: number, matches: Set<number>) {
  const roads: string[] = [];
  return {
    roads,
    list: {
      async read(plan: SearchPlan, upTo?: number) {
        const end = upTo ?? length;
        roads.push(plan.use === 'index' ? 'index' : `walk to ${end}`);
        return [...matches].filter((n) => plan.use === 'index' || n <= end).sort((a, b) => a - b);
      },
      async positionAt(n: number) {
        return n <= length ? n : null;
      },
    },
  };
}

const plan: SearchPlan = { use: 'walk', otherwise: { use: 'index', rows: sql`(select 1 as id)` } };
const everyNth = (n: number, upTo: number) =>
  new Set(Array.from({ length: Math.floor(upTo / n) }, (_, i) => (i + 1) * n));

describe('readPlanned: the roads a common query takes', () => {
  it('a page that fills within the first stretch is the walk alone', async () => {
    const { list, roads } = listOf(100_000, everyNth(10, 100_000));
    expect(await readPlanned(plan, 50, list)).toHaveLength(WALK_ROWS / 10);
    expect(roads).toEqual([`walk to ${WALK_ROWS}`]);
  });

  it('some of the page in the first stretch: the walk goes as far as their density says, not to the index', async () => {
    // One in 200: 15 in the first 3,000 rows; the page of 50 lies within ~10,000.
    const { list, roads } = listOf(1_000_000, everyNth(200, 1_000_000));
    const rows = await readPlanned(plan, 50, list);
    expect(rows.length).toBeGreaterThanOrEqual(50);
    expect(roads).toEqual([`walk to ${WALK_ROWS}`, `walk to ${Math.ceil((WALK_ROWS * 50 * 1.5) / 15)}`]);
  });

  it('none in the first stretch, or too few to walk that far: the index is read', async () => {
    const none = listOf(1_000_000, new Set([500_000]));
    await readPlanned(plan, 50, none.list);
    expect(none.roads).toEqual([`walk to ${WALK_ROWS}`, 'index']);
    const few = listOf(1_000_000, new Set([10, 900_000]));
    await readPlanned(plan, 50, few.list);
    expect(few.roads).toEqual([`walk to ${WALK_ROWS}`, 'index']);
  });

  it('the longer walk that still does not fill the page ends in the index', async () => {
    // Dense at the start, then nothing: the density read off the first stretch was wrong.
    const { list, roads } = listOf(1_000_000, everyNth(100, WALK_ROWS));
    await readPlanned(plan, 50, list);
    expect(roads).toEqual([
      `walk to ${WALK_ROWS}`,
      `walk to ${Math.ceil((WALK_ROWS * 50 * 1.5) / 30)}`,
      'index',
    ]);
  });

  it('a list shorter than the longer walk is walked to its end: the page is complete as it is', async () => {
    const { list, roads } = listOf(5_000, everyNth(300, 5_000));
    expect(await readPlanned(plan, 50, list)).toHaveLength(16);
    expect(roads).toEqual([`walk to ${WALK_ROWS}`, 'walk to 5000']);
  });
});
