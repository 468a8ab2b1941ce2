// `npm run migrate`: brings the configured database up to date (start-up does the same).
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';

const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  const result = await migrateToLatest(database);
  const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
  process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date.\n');
} finally {
  await database.destroy();
}
