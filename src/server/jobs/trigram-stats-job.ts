import type { FastifyBaseLogger } from 'fastify';
import type { TrigramCounts } from '../db/trigram-stats';
import { everyHourAfter } from './every-hour';

/** Soon after start: until the first refresh ends every search asks for all its trigrams. */
const FIRST_REFRESH_MS = 1000;
/** How often a running shop checks whether its lists grew enough to count again (an import). */
const CHECK_MS = 5 * 60_000;

/**
 * Counts the search index's trigrams (ADR 030) soon after start, then every hour, and sooner when
 * a list has grown or shrunk by a tenth. Returns the function that stops it: it resolves once a
 * refresh under way has let go of its connection, so the database can close cleanly after it.
 */
export function scheduleTrigramStats(stats: TrigramCounts, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = (why: 'scheduled' | 'check') => {
    if (running) return;
    const started = performance.now();
    running = (why === 'check' ? stats.isStale() : Promise.resolve(true))
      .then(async (due) => {
        if (!due) return;
        await stats.refresh();
        log.debug({ ms: Math.round(performance.now() - started), why }, 'search trigram counts refreshed');
      })
      .catch((error: unknown) => log.error({ err: error }, 'search trigram counts failed'))
      .finally(() => {
        running = null;
      });
  };
  const stopHourly = everyHourAfter(FIRST_REFRESH_MS, () => run('scheduled'));
  const check = setInterval(() => run('check'), CHECK_MS);
  check.unref();
  return async () => {
    stopHourly();
    clearInterval(check);
    stats.close();
    await running;
  };
}
