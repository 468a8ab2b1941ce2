import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SEARCHED_COLUMNS, stateTrigram } from './migrations/0017-search-index';
import type { DB } from './schema';
import type { SearchedTable } from './search-index';
import {
  outgrew,
  SAMPLE_ROWS,
  shuffled,
  TABLES,
  type SampledRows,
  type TableTrigrams,
  type TrigramCounts,
} from './trigram-stats';

/** How long counting runs before letting other requests run (it is JavaScript on the server's thread). */
const SLICE_MS = 8;

type Column = 'text' | 'phone';

/**
 * How common each trigram is in a PostgreSQL list's searched columns (issue 22, ADR 031), so that
 * a search asks pg_trgm's index for its rarest trigrams only, as SQLite asks FTS5 (ADR 030).
 * pg_trgm keeps no counts a query could read, so they are estimated from a sample of about
 * SAMPLE_ROWS rows of each list (`tablesample system`: whole pages, cheap to read), counted here
 * in slices. Only a plan, as on SQLite: a wrong count makes a search slower, never different.
 */
export class PgTrigramStats implements TrigramCounts {
  private readonly tables = new Map<`${SearchedTable}.${Column}`, TableTrigrams>();
  private readonly counted = new Map<SearchedTable, number>();
  private readonly samples = new Map<SearchedTable, SampledRows>();
  private closed = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly sampleRows = SAMPLE_ROWS,
    private readonly sliceMs = SLICE_MS,
  ) {}

  of(table: SearchedTable, column: Column = 'text'): TableTrigrams | undefined {
    return this.tables.get(`${table}.${column}`);
  }

  sampleOf(table: SearchedTable): SampledRows | undefined {
    return this.samples.get(table);
  }

  close(): void {
    this.closed = true;
  }

  async refresh(): Promise<void> {
    for (const table of TABLES) {
      if (this.closed) return;
      const rows = await this.rowCount(table);
      const columns = SEARCHED_COLUMNS[table];
      // Whole pages, as many as hold about sampleRows rows (all of a small list).
      const percent = rows <= this.sampleRows ? 100 : (100 * this.sampleRows) / rows;
      const state = columns.state ? sql.ref(columns.state) : sql`null`;
      const read = (from: RawBuilder<unknown>) =>
        sql<{ text: string | null; phone: string | null; state: string | null; page: number }>`
          select ${sql.ref(columns.text)} as text, ${sql.ref(columns.phone)} as phone, ${state} as state,
            (ctid::text::point)[0]::int as page
          from ${from}`.execute(this.db);
      // At most twice the sample's size, should the planner's row count be far behind the table.
      let { rows: sample } = await read(
        sql`(select *, ctid from ${sql.table(table)} tablesample system (${sql.lit(percent)}) limit ${2 * this.sampleRows}) as drawn`,
      );
      // A list of a few pages may draw none of them (or the row count was out of date).
      if (sample.length === 0 && rows > 0) {
        ({ rows: sample } = await read(
          sql`(select *, ctid from ${sql.table(table)} limit ${this.sampleRows}) as first`,
        ));
      }
      const rowsRead = sample.map((row) => ({
        text: row.text ?? '',
        phone: row.phone ?? '',
        state: row.state,
        page: Number(row.page),
      }));
      const text = await this.count(rowsRead.map((row) => row.text));
      // Each row's state counted as SQLite's index holds it, a trigram of its own (stateTrigram):
      // how many items each state holds, for the counts beside the states.
      for (const { state } of rowsRead) {
        if (state === null || !text) continue;
        const key = stateTrigram(state);
        text.set(key, (text.get(key) ?? 0) + 1);
      }
      const phone = await this.count(rowsRead.map((row) => row.phone));
      if (!text || !phone) return;
      // Scaled to the whole list; a list read whole is counted exactly.
      const scale = sample.length === 0 ? 0 : rows / sample.length;
      const scaled = (docs: Map<string, number>): TableTrigrams => ({
        rows,
        docs: new Map([...docs].map(([trigram, n]) => [trigram, Math.round(n * scale)])),
      });
      this.tables.set(`${table}.text`, scaled(text));
      this.tables.set(`${table}.phone`, scaled(phone));
      this.counted.set(table, rows);
      this.samples.set(table, {
        // Shuffled: the sample comes in the table's order (oldest rows first), and a search reads
        // only a part of it (sampled-matches.ts sampleShowsShare), which must stand for the whole.
        rows: shuffled(rowsRead),
      });
    }
  }

  async isStale(): Promise<boolean> {
    for (const table of TABLES) {
      const counted = this.counted.get(table);
      if (counted === undefined) return true;
      if (outgrew(counted, await this.rowCount(table))) return true;
    }
    return false;
  }

  /** Rows holding each trigram among `values`; null when closed meanwhile. */
  private async count(values: string[]): Promise<Map<string, number> | null> {
    const docs = new Map<string, number>();
    let sliceStart = performance.now();
    for (const value of values) {
      for (const trigram of new Set(trigramsIn(value))) docs.set(trigram, (docs.get(trigram) ?? 0) + 1);
      if (performance.now() - sliceStart >= this.sliceMs) {
        await yieldToOthers();
        if (this.closed) return null;
        sliceStart = performance.now();
      }
    }
    return docs;
  }

  /**
   * The planner's row count (kept by ANALYZE and autovacuum, and by the app after bulk changes:
   * analyze.ts); counted when the list was never analysed (or is empty).
   */
  private async rowCount(table: SearchedTable): Promise<number> {
    const { rows } = await sql<{ estimate: number }>`
      select reltuples::float8 as estimate from pg_class where oid = ${table}::regclass`.execute(this.db);
    const estimate = rows[0]?.estimate ?? -1;
    if (estimate > 0) return Math.round(estimate);
    const counted = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(counted.n);
  }
}

/** Every three-character piece of a string, as written (a piece may come more than once). */
function* trigramsIn(value: string): Generator<string> {
  const chars = Array.from(value);
  for (let at = 0; at + 3 <= chars.length; at += 1) yield chars.slice(at, at + 3).join('');
}
