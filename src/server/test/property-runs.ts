/**
 * How many cases a property test tries: `full` in the whole suite (`npm test`, CI), a fifth of it
 * (at least 3) in the quick tier (`npm run test:quick`, QUICK_TESTS=1), which is for the edit loop.
 */
export function propertyRuns(full: number): number {
  return process.env.QUICK_TESTS ? Math.max(3, Math.round(full / 5)) : full;
}
