// The databases a benchmark runs against: a fresh SQLite file, and (when a URL is given) a fresh
// schema in PostgreSQL, each dropped afterwards.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterBulkChange } from '../../src/server/db/analyze';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seed } from './seed-data';

export interface BenchTarget {
  name: 'SQLite' | 'PostgreSQL';
  /** For the server process: the PostgreSQL URL names the schema in its search path. */
  databaseUrl: string;
  database: Database;
  cleanup(): Promise<void>;
}

export async function sqliteTarget(): Promise<BenchTarget> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-bench-'));
  const databaseUrl = `sqlite:${path.join(dir, 'bench.sqlite')}`;
  const database = openDatabase(databaseUrl);
  return {
    name: 'SQLite',
    databaseUrl,
    database,
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export async function postgresTarget(url: string): Promise<BenchTarget> {
  const schema = `bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const database = openDatabase(url, { pgSchema: schema });
  const separator = url.includes('?') ? '&' : '?';
  return {
    name: 'PostgreSQL',
    databaseUrl: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    database,
    cleanup: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop schema "${schema}" cascade`);
      await dropper.end();
    },
  };
}

/** SQLite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. */
export async function benchTargets(): Promise<{ targets: BenchTarget[]; pgUrl: string | undefined }> {
  const targets = [await sqliteTarget()];
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) targets.push(await postgresTarget(pgUrl));
  return { targets, pgUrl };
}

/**
 * Targets kept between runs under `name` (a seed of 2,000,000 items takes 10–13 minutes a
 * database): the SQLite file in `dir`, the PostgreSQL schema `keep_<name>`. `fresh`: not seeded
 * to the end yet (made anew; the caller seeds it, then calls `seeded`). Nothing is dropped afterwards.
 */
export async function keptTargets(
  dir: string,
  name: string,
): Promise<{ targets: (BenchTarget & { fresh: boolean; seeded(): void })[]; pgUrl: string | undefined }> {
  fs.mkdirSync(dir, { recursive: true });
  const marker = (kind: string) => path.join(dir, `${name}.${kind}.seeded`);
  const seeded = (kind: string) => () => fs.writeFileSync(marker(kind), new Date().toISOString());
  const file = path.join(dir, `${name}.sqlite`);
  const sqliteFresh = !fs.existsSync(marker('sqlite'));
  if (sqliteFresh) for (const end of ['', '-wal', '-shm']) fs.rmSync(`${file}${end}`, { force: true });
  const databaseUrl = `sqlite:${file}`;
  const targets: (BenchTarget & { fresh: boolean; seeded(): void })[] = [
    {
      name: 'SQLite',
      databaseUrl,
      database: openDatabase(databaseUrl),
      cleanup: async () => {},
      fresh: sqliteFresh,
      seeded: seeded('sqlite'),
    },
  ];
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const schema = `keep_${name.replace(/[^a-z0-9_]/gi, '_')}`;
    const fresh = !fs.existsSync(marker('pg'));
    if (fresh) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.query(`create schema "${schema}"`);
      await admin.end();
    }
    const separator = pgUrl.includes('?') ? '&' : '?';
    targets.push({
      name: 'PostgreSQL',
      databaseUrl: `${pgUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      database: openDatabase(pgUrl, { pgSchema: schema }),
      cleanup: async () => {},
      fresh,
      seeded: seeded('pg'),
    });
  }
  return { targets, pgUrl };
}

/** `npm run seed`'s data at 200,000 items, a tenth in the Корзина: what the kept-database benchmarks hold. */
export const DEMO_200K = {
  tickets: 100_000,
  tasks: 100_000,
  clients: 20_000,
  trashShare: 0.1,
  shape: 'demo',
} as const;

/**
 * The kept targets of `name` (keptTargets), each seeded with DEMO_200K if it is not yet, and
 * migrated to the latest schema (bench:restart, bench:size, bench:pdf share them).
 */
export async function keptDemo200k(dir: string, name: string) {
  const kept = await keptTargets(dir, name);
  for (const target of kept.targets) {
    if (target.fresh) {
      process.stderr.write(`[${target.name}] seeding 200,000 items…\n`);
      await migrateToLatest(target.database);
      await seed(target.database.db, DEMO_200K);
      await afterBulkChange(target.database);
      target.seeded();
    }
    await migrateToLatest(target.database);
  }
  return kept;
}
