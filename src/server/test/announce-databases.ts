// Vitest's global setup: says once, at the end of a run, when the PostgreSQL half of the suite was
// left out (TEST_DATABASE_URL unset), so that a green SQLite-only run is not taken for the whole.
export function teardown() {
  if (process.env.TEST_DATABASE_URL) return;
  process.stdout.write(
    '\n⚠ PostgreSQL cases skipped: TEST_DATABASE_URL is not set (docs/developing.md, «PostgreSQL locally»).\n',
  );
}
