/**
 * A page of the rows a search's candidates name, read in the list's order a few at a time, when
 * PostgreSQL read each candidate's place in that order with its id (`keys`, ADR 031 amendment).
 * Reading every candidate again to sort them (up to 2,500 rows, a table page each, 10–14 ms at
 * 2,000,000 items) is then not needed: the first `limit` ids in order are read, and more — twice
 * as many each time — only where the list's other filters (the assignee, the cursor) left the
 * page short.
 *
 * The places were read a moment before. Should a row read have moved since (its key differs), the
 * ids are read all at once instead, as without keys: a row moved later would otherwise end the
 * page where rows before it are still unread.
 */
export async function readIdsInOrder<Row extends { id: number | string; work_sort: string }>(
  plan: { ids: number[]; keys: string[] },
  limit: number,
  /** The cursor's key: ids placed before it are not asked for (the query checks the cursor itself). */
  fromKey: string | undefined,
  read: (ids: number[]) => Promise<Row[]>,
): Promise<Row[]> {
  const placed = plan.ids
    .map((id, i) => ({ id, key: plan.keys[i]! }))
    .filter(({ key }) => fromKey === undefined || key >= fromKey)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
  const keyOf = new Map(placed.map(({ id, key }) => [id, key]));
  const rows: Row[] = [];
  for (let start = 0, size = limit; start < placed.length && rows.length < limit; start += size, size *= 2) {
    const found = await read(placed.slice(start, start + size).map(({ id }) => id));
    if (found.some((row) => keyOf.get(Number(row.id)) !== row.work_sort)) return read(plan.ids);
    rows.push(...found);
  }
  return rows.slice(0, limit);
}
