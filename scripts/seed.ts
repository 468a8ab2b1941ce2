// `npm run seed -- --tickets 100000 --tasks 100000 --clients 20000`: fills the configured
// database (DATABASE_URL / DATA_DIR) with realistic data. The database must be empty.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { afterBulkChange } from '../src/server/db/analyze';
import { migrateToLatest } from '../src/server/db/migrate';
import { seed, SEED_PASSWORD } from './lib/seed-data';

const { values } = parseArgs({
  options: {
    tickets: { type: 'string', default: '1000' },
    tasks: { type: 'string', default: '1000' },
    clients: { type: 'string', default: '300' },
  },
});
const sizes = {
  tickets: Number(values.tickets),
  tasks: Number(values.tasks),
  clients: Number(values.clients),
};
if (!Object.values(sizes).every((n) => Number.isInteger(n) && n > 0)) {
  process.stderr.write('Usage: npm run seed -- --tickets N --tasks N --clients N (positive whole numbers)\n');
  process.exit(2);
}

const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(database);
  const existing = await database.db.selectFrom('users').select('id').limit(1).execute();
  if (existing.length > 0) throw new Error('The database already has accounts: seed only an empty one.');
  const started = Date.now();
  const emails = await seed(database.db, sizes, (line) => process.stdout.write(`${line}\n`));
  await afterBulkChange(database);
  process.stdout.write(
    `Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s. Sign in as ${emails[0]} (admin) or ${emails[1]}, password ${SEED_PASSWORD}\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
