import type { FastifyBaseLogger } from 'fastify';
import type { TrashService } from './trash.service';

const HOUR_MS = 3_600_000;
/** After start-up settles, then every hour. */
const FIRST_RUN_MS = 60_000;

/**
 * Deletes for good what has been in the Корзина longer than TRASH_DAYS, with its files.
 * Another instance on the same database doing the same is harmless: an item already
 * gone is skipped. Returns the function that stops the schedule.
 */
export function scheduleTrashPurge(trash: Pick<TrashService, 'purgeExpired'>, log: FastifyBaseLogger) {
  const run = () => {
    trash.purgeExpired().catch((error: unknown) => log.error({ err: error }, 'trash purge failed'));
  };
  const first = setTimeout(run, FIRST_RUN_MS);
  const every = setInterval(run, HOUR_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
