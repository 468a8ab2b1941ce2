// `npm run bench:size -- [--keep DIR --name NAME] [--runs 3] [--out docs/benchmarks.md]`: what the
// database holds on disk at 200,000 items and what each table and index of it costs, and how long
// a backup of it takes to restore into an empty database (issue 47: the SQLite file ≤ 250 MB,
// restore ≤ 20 s), on SQLite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { restoreBackup } from '../src/server/backup/restore-backup';
import { writeBackup } from '../src/server/backup/write-backup';
import { afterBulkChange } from '../src/server/db/analyze';
import type { Database } from '../src/server/db/database';
import { LocalFileStore } from '../src/server/files/file-store';
import { hostSpeedMs, percentile, writeSection } from './lib/bench-kit';
import { keptDemo200k } from './lib/bench-targets';

const { values } = parseArgs({
  options: {
    keep: { type: 'string', default: path.join(os.tmpdir(), 'glz-bench-size') },
    name: { type: 'string', default: 'search_demo_200000' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const log = (line: string) => process.stderr.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Bytes of each table with its own indexes listed apart, largest first. */
interface Part {
  name: string;
  table: string;
  bytes: number;
}

/** SQLite's pages by the table or index they belong to (dbstat); FTS5's shadow tables under their index. */
async function sqliteParts(database: Database): Promise<Part[]> {
  const { rows } = await sql<{ name: string; table: string | null; bytes: number }>`
    select s.name as name, m.tbl_name as "table", sum(s.pgsize) as bytes
    from dbstat s left join sqlite_master m on m.name = s.name
    group by s.name`.execute(database.db);
  // FTS5's shadow tables (tickets_search_data, _idx, _docsize, _config) under their index.
  const virtual = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and sql like 'create virtual table%'`.execute(
    database.db,
  );
  const ftsOf = (name: string) => virtual.rows.find((v) => name.startsWith(`${v.name}_`))?.name;
  return rows.map((row) => {
    const fts = ftsOf(row.name);
    return fts
      ? { name: fts, table: `${fts.replace(/_(search|grams)$/, '')} (FTS5)`, bytes: row.bytes }
      : { name: row.name, table: row.table ?? row.name, bytes: row.bytes };
  });
}

async function postgresParts(database: Database): Promise<Part[]> {
  const { rows } = await sql<{ name: string; table: string; bytes: string }>`
    select c.relname as name, coalesce(t.relname, c.relname) as "table",
      pg_relation_size(c.oid) + case when c.relkind = 'r' then coalesce(pg_total_relation_size(c.reltoastrelid), 0) else 0 end as bytes
    from pg_class c
    left join pg_index i on i.indexrelid = c.oid
    left join pg_class t on t.oid = i.indrelid
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'i')`.execute(database.db);
  return rows.map((row) => ({ name: row.name, table: row.table, bytes: Number(row.bytes) }));
}

function partsTable(parts: Part[]): string[] {
  const merged = new Map<string, Part>();
  for (const part of parts) {
    const seen = merged.get(part.name);
    merged.set(part.name, seen ? { ...seen, bytes: seen.bytes + part.bytes } : { ...part });
  }
  const sorted = [...merged.values()].sort((a, b) => b.bytes - a.bytes);
  const total = sorted.reduce((sum, part) => sum + part.bytes, 0);
  const shown = sorted.filter((part) => part.bytes >= 1_048_576);
  const rest = total - shown.reduce((sum, part) => sum + part.bytes, 0);
  return [
    '| Table or index | Of table | Size | Share |',
    '|---|---|---|---|',
    ...shown.map(
      (part) =>
        `| ${part.name} | ${part.table === part.name ? '(table)' : part.table} | ${mb(part.bytes)} | ${((part.bytes / total) * 100).toFixed(1)} % |`,
    ),
    `| the rest (each under 1 MB) | | ${mb(rest)} | ${((rest / total) * 100).toFixed(1)} % |`,
    `| **in all** | | **${mb(total)}** | |`,
  ];
}

const { targets, pgUrl } = await keptDemo200k(values.keep, values.name);
const sections: string[] = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-bench-size-'));
try {
  for (const target of targets) {
    // As after any bulk change: the kept counts' changes folded, PostgreSQL's space given back.
    await afterBulkChange(target.database);
    const parts =
      target.name === 'SQLite' ? await sqliteParts(target.database) : await postgresParts(target.database);
    let onDisk = '';
    if (target.name === 'SQLite') {
      await sql`pragma wal_checkpoint(truncate)`.execute(target.database.db);
      const file = target.databaseUrl.slice('sqlite:'.length);
      const fileBytes = fs.statSync(file).size;
      // What search alone costs (issue 46's targets need it): its FTS5 tables and the phone
      // digits' B-trees. And the same rows packed, as a VACUUM would write them.
      const searchBytes = parts
        .filter((part) => part.table.endsWith('(FTS5)') || part.name.endsWith('_phone_digits'))
        .reduce((sum, part) => sum + part.bytes, 0);
      const packed = path.join(work, 'packed.sqlite');
      await sql`vacuum into ${packed}`.execute(target.database.db);
      onDisk =
        `the file is ${mb(fileBytes)}, of which the search's indexes (FTS5 tables, phone digits) ` +
        `${mb(searchBytes)}; packed (\`VACUUM INTO\`) ${mb(fs.statSync(packed).size)}`;
      fs.rmSync(packed);
    }

    log(`[${target.name}] backup…`);
    const dataDir = fs.mkdtempSync(path.join(work, 'data-'));
    const { file: archive } = await writeBackup(
      {
        database: target.database,
        databaseUrl: target.databaseUrl,
        dataDir,
        store: new LocalFileStore(path.join(dataDir, 'files')),
      },
      path.join(work, 'backups'),
    );
    const archiveBytes = fs.statSync(archive).size;
    const restores: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const into = fs.mkdtempSync(path.join(work, 'restore-'));
      let databaseUrl = `sqlite:${path.join(into, 'restored.sqlite')}`;
      const dbName = `bench_restore_${process.pid}_${run}`;
      if (target.name === 'PostgreSQL' && pgUrl) {
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName}`);
        await admin.query(`create database ${dbName}`);
        await admin.end();
        const url = new URL(pgUrl);
        url.pathname = `/${dbName}`;
        databaseUrl = url.toString();
      }
      const started = performance.now();
      await restoreBackup(archive, {
        dataDir: into,
        store: new LocalFileStore(path.join(into, 'files')),
        databaseUrl,
        // The dump names the kept schema; the restored database has it under that name.
        ...(target.name === 'PostgreSQL' ? { pgSchema: target.database.schema } : {}),
      });
      restores.push(performance.now() - started);
      log(`[${target.name}] restore ${(restores.at(-1)! / 1000).toFixed(1)} s`);
      fs.rmSync(into, { recursive: true, force: true });
      if (target.name === 'PostgreSQL' && pgUrl) {
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName}`);
        await admin.end();
      }
    }
    fs.rmSync(path.join(work, 'backups'), { recursive: true, force: true });
    restores.sort((a, b) => a - b);
    sections.push(
      `### ${target.name}`,
      '',
      `${onDisk ? `${onDisk[0]!.toUpperCase()}${onDisk.slice(1)}; the` : 'The'} backup archive ${mb(archiveBytes)}; ` +
        `restored into an empty database (\`restoreBackup\`, as \`npm run restore\`: checksums, the database, ` +
        `migrations, statistics) in **${(percentile(restores, 50) / 1000).toFixed(1)} s** median, ` +
        `worst ${(restores.at(-1)! / 1000).toFixed(1)} s over ${RUNS} restores.`,
      '',
      ...partsTable(parts),
      '',
    );
    await target.database.destroy();
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
const report = [
  `\`npm run bench:size -- ${process.argv.slice(2).join(' ')}\` on ${commit}, ` +
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
    `Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end, host speed reference ${hostSpeedMs().toFixed(0)} ms. ` +
    '100,000 tickets, 100,000 tasks, 20,000 clients (`npm run seed` data, 10 % in the Корзина), no uploaded files.',
  '',
  ...sections,
].join('\n');
process.stdout.write(`${report}\n`);
if (values.out) writeSection(values.out, 'bench:size', report);
