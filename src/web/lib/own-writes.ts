import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Records this tab is writing right now, and the change events that arrived for them
 * meanwhile. The server announces a change before this tab has its answer; holding the
 * event until the answer is in lets the tab skip fetching again what it was just sent.
 */
const writing = new Map<string, { heardVersions: (number | undefined)[] }>();

/** True (and the event is held) when this tab is writing the record the event is about. */
export function holdWhileWriting(detailKey: QueryKey, version: number | undefined): boolean {
  const write = writing.get(hashKey(detailKey));
  if (!write) return false;
  write.heardVersions.push(version);
  return true;
}

/**
 * Sends a write whose answer is the whole record, puts the answer in the cache and
 * marks the lists stale. Events heard meanwhile that the answer does not cover (a later
 * version, or no version) refetch the record; on failure any held event does.
 */
export async function writeRecord<T extends { version: number }>(
  client: QueryClient,
  detailKey: QueryKey,
  listsKey: QueryKey,
  send: () => Promise<T>,
): Promise<T> {
  const key = hashKey(detailKey);
  const write = { heardVersions: [] as (number | undefined)[] };
  writing.set(key, write);
  let record: T | undefined;
  try {
    record = await send();
    client.setQueryData(detailKey, record);
    return record;
  } finally {
    if (writing.get(key) === write) writing.delete(key);
    const answered = record?.version;
    const missed = write.heardVersions.some((v) => answered === undefined || v === undefined || v > answered);
    if (missed) void client.invalidateQueries({ queryKey: detailKey });
    void client.invalidateQueries({ queryKey: listsKey });
  }
}
