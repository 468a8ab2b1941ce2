export const HOUR_MS = 3_600_000;

/**
 * Runs `run` once after `firstMs` (start-up settles first), then every hour; neither timer keeps
 * the process alive. Returns the function that stops both.
 */
export function everyHourAfter(firstMs: number, run: () => void): () => void {
  const first = setTimeout(run, firstMs);
  const every = setInterval(run, HOUR_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
