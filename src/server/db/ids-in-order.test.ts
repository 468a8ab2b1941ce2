import { describe, expect, it } from 'vitest';
import { readIdsInOrder } from './ids-in-order';

interface Row {
  id: number;
  work_sort: string;
  assigned: boolean;
}

/** A list as the side's query reads it: the ids asked, its filter, in order, at most `limit`. */
function listOf(rows: Row[], limit: number, only: (row: Row) => boolean = () => true) {
  const asked: number[][] = [];
  const read = async (ids: number[]) => {
    asked.push(ids);
    return rows
      .filter((row) => ids.includes(row.id) && only(row))
      .sort((a, b) => a.work_sort.localeCompare(b.work_sort) || a.id - b.id)
      .slice(0, limit);
  };
  return { read, asked };
}

const key = (n: number) => String(n).padStart(4, '0');
// 100 rows, ids in an order unlike the list's; every third unassigned.
const rows: Row[] = Array.from({ length: 100 }, (_, i) => ({
  id: 1000 + ((i * 37) % 100),
  work_sort: key(i),
  assigned: i % 3 !== 0,
}));
const plan = { ids: rows.map((row) => row.id).reverse(), keys: rows.map((row) => row.work_sort).reverse() };

describe('readIdsInOrder', () => {
  it('reads the first page in order by asking for that many ids', async () => {
    const list = listOf(rows, 10);
    const page = await readIdsInOrder(plan, 10, undefined, list.read);
    expect(page.map((row) => row.id)).toEqual(rows.slice(0, 10).map((row) => row.id));
    expect(list.asked).toEqual([rows.slice(0, 10).map((row) => row.id)]);
  });

  it('asks twice as many each time the filter leaves the page short', async () => {
    const list = listOf(rows, 10, (row) => !row.assigned);
    const page = await readIdsInOrder(plan, 10, undefined, list.read);
    expect(page.map((row) => row.id)).toEqual(
      rows
        .filter((row) => !row.assigned)
        .slice(0, 10)
        .map((row) => row.id),
    );
    expect(list.asked.map((ids) => ids.length)).toEqual([10, 20]);
  });

  it('starts at the cursor', async () => {
    const list = listOf(rows, 5);
    const page = await readIdsInOrder(plan, 5, key(50), list.read);
    expect(page.map((row) => row.work_sort)).toEqual([50, 51, 52, 53, 54].map(key));
  });

  it('reads every id at once when a row has moved since its place was read', async () => {
    const moved = rows.map((row, i) => (i === 0 ? { ...row, work_sort: key(500) } : row));
    const list = listOf(moved, 10);
    const page = await readIdsInOrder(plan, 10, undefined, list.read);
    expect(page.map((row) => row.id)).toEqual(moved.slice(1, 11).map((row) => row.id));
    expect(list.asked.at(-1)).toEqual(plan.ids);
  });

  it('orders ids of one place by id, as the list does', async () => {
    const tied: Row[] = [3, 1, 2].map((id) => ({ id, work_sort: key(7), assigned: false }));
    const list = listOf(tied, 2);
    const page = await readIdsInOrder(
      { ids: [3, 1, 2], keys: [key(7), key(7), key(7)] },
      2,
      undefined,
      list.read,
    );
    expect(page.map((row) => row.id)).toEqual([1, 2]);
    expect(list.asked).toEqual([[1, 2]]);
  });

  it('ends where the ids end', async () => {
    const list = listOf(rows, 500);
    expect(await readIdsInOrder(plan, 500, undefined, list.read)).toHaveLength(100);
  });
});
