// What the benchmarks that need a real-size shop share: seed a fresh database, start the real
// server on it, sign in a seeded employee and wait for the morning reminder to pass.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterBulkChange } from '../../src/server/db/analyze';
import { migrateToLatest } from '../../src/server/db/migrate';
import { signIn, startServer, waitForDigest } from './bench-kit';
import type { BenchTarget } from './bench-targets';
import { seed, SEED_PASSWORD } from './seed-data';

export interface SeedSizes {
  tickets: number;
  tasks: number;
  clients: number;
}

export async function seededServer(
  target: BenchTarget,
  port: number,
  sizes: SeedSizes,
  nodeArgs: string[] = [],
) {
  process.stderr.write(
    `[${target.name}] seeding ${sizes.tickets} tickets, ${sizes.tasks} tasks, ${sizes.clients} clients…\n`,
  );
  await migrateToLatest(target.database);
  const emails = await seed(target.database.db, sizes);
  await afterBulkChange(target.database);
  const server = await startServer(
    port,
    {
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'glz-bench-data-')),
      DATABASE_URL: target.databaseUrl,
      AUTH_LIMIT_PER_IP: '100000',
      // The seeded Корзина is within the default 30 days; never purge during a run.
      TRASH_DAYS: '3650',
    },
    nodeArgs,
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    const cookie = await signIn(base, emails[1]!, SEED_PASSWORD);
    // The morning reminder runs a few seconds after start: not during a measurement.
    await waitForDigest(target.database);
    return { server, base, cookie };
  } catch (error) {
    server.kill();
    throw error;
  }
}
