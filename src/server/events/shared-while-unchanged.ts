/**
 * One computation's answer, shared by every request that comes while nothing has changed.
 *
 * Issue 22: an edit makes every open screen that cannot patch itself ask again (the dashboard's
 * figures); with a thousand of them open that was a thousand computations of the same answer.
 * The event bus's mark (EventBus.mark) goes up with every committed change this instance hears
 * of, and is read before the data: an answer computed at mark M holds every change up to M, so
 * a request that finds the mark still at M gets it too — while it is being computed as well as
 * after. A change that published no event (an import run beside the server, a row written by
 * hand) shows once the answer is `freshMs` old; a null mark (the bus may be missing changes)
 * always computes anew.
 */
export function sharedWhileUnchanged<T>(
  compute: () => Promise<T>,
  changes: { mark(): Promise<string | null>; now(): number; freshMs: number },
): () => Promise<T> {
  let shared: { mark: string; since: number; answer: Promise<T> } | null = null;
  return async () => {
    const mark = await changes.mark();
    const now = changes.now();
    if (mark === null) return compute();
    if (shared && shared.mark === mark && now - shared.since < changes.freshMs && now >= shared.since) {
      return shared.answer;
    }
    const entry = { mark, since: now, answer: compute() };
    shared = entry;
    // A failed computation is not handed on: the next request tries again.
    entry.answer.catch(() => {
      if (shared === entry) shared = null;
    });
    return entry.answer;
  };
}
