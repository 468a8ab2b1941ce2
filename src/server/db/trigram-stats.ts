import { setImmediate as yieldToOthers } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { SEARCHED_COLUMNS, stateTrigram } from './migrations/0017-search-index';
import type { SearchedTable } from './search-index';

/**
 * How common each trigram is in a list's SQLite search index (issue 22, ADR 030): how many rows
 * hold it, and how many rows the list has. A search then asks the index for its rarest trigrams
 * only (chooseTrigrams, src/server/db/trigram-choice.ts): every trigram costs the index a walk
 * through the rows holding it, so twelve common ones cost more than reading the few hundred
 * extra rows that asking four leaves to check.
 *
 * Only a plan: a count that is stale (rows written since the last refresh) or missing makes a
 * search slower or faster, never different — every row the index names is checked against the
 * rule itself, and any subset of a query's trigrams names every row that holds them all.
 */
export interface TableTrigrams {
  /** Rows in the list (the Корзина included: its rows are in the index too). */
  rows: number;
  /** Rows holding each trigram; a trigram not here was in no row at the last refresh. */
  docs: ReadonlyMap<string, number>;
}

/**
 * What a list's search asks of the trigram counts, whichever database keeps them: SQLite's counts
 * are of its one FTS5 index per list (text and digits together, `column` not looked at);
 * PostgreSQL's of a sample of each searched column (pg-trigram-stats.ts), which pg_trgm indexes
 * apart.
 */
export interface TrigramCounts {
  of(table: SearchedTable, column?: 'text' | 'phone'): TableTrigrams | undefined;
  /**
   * A sample of the list's rows (PostgreSQL: the rows its counts were taken from; SQLite, which
   * counts its whole index, draws one beside them).
   */
  sampleOf?(table: SearchedTable): SampledRows | undefined;
  /** Counts again (slices of work, others answered in between). */
  refresh(): Promise<void>;
  /** Whether a list grew or shrank by a tenth since it was counted (an import into a running shop). */
  isStale(): Promise<boolean>;
  /** No refresh reads on from here. */
  close(): void;
}

/**
 * A sample of a list's rows as searched: text, phone digits, state (null: a list without) and
 * the table page the row was on (a sample is drawn a page at a time).
 */
export interface SampledRows {
  rows: readonly { text: string; phone: string; state: string | null; page: number }[];
}

export const TABLES: SearchedTable[] = ['tickets', 'tasks', 'clients'];

/** How long the refresh reads before letting other requests run (the connection is its own). */
const SLICE_MS = 8;

/** Rows added or removed since the counts, as a share of them, that make the counts stale. */
const STALE_SHARE = 0.1;

/** Whether a list of `rows` rows is too far from the `counted` its counts were taken at. */
export function outgrew(counted: number, rows: number): boolean {
  return Math.abs(rows - counted) > STALE_SHARE * Math.max(counted, 100);
}

/**
 * Rows of a list a sample holds: a trigram a sample this size misses is rare enough to ask for
 * first (pg-trigram-stats.ts), and a query it matches often enough is common (sampled-matches.ts).
 */
export const SAMPLE_ROWS = 20_000;

/**
 * Consecutive rows a SQLite sample reads at each place it draws: a sample's «page» (rows written
 * together share one, as they share a PostgreSQL table page; sampled-matches.ts).
 */
const SAMPLE_RUN = 25;

export class TrigramStats implements TrigramCounts {
  private readonly tables = new Map<SearchedTable, TableTrigrams>();
  private readonly samples = new Map<SearchedTable, SampledRows>();
  private closed = false;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly sliceMs = SLICE_MS,
  ) {}

  /** The last counts of a list's index, or undefined before the first refresh. */
  of(table: SearchedTable): TableTrigrams | undefined {
    return this.tables.get(table);
  }

  /**
   * Up to SAMPLE_ROWS rows of the list as searched, drawn with its counts: runs of SAMPLE_RUN rows
   * from random places of its ids (each row once; a small list whole), so that a search can tell
   * a common query before asking the index for its candidates (sampled-matches.ts), as
   * PostgreSQL's sample does.
   */
  sampleOf(table: SearchedTable): SampledRows | undefined {
    return this.samples.get(table);
  }

  /** No refresh reads on from here: one under way stops at its next slice (shutting down). */
  close(): void {
    this.closed = true;
  }

  /**
   * Reads every trigram's row count from FTS5's vocabulary (a walk through the whole index: about
   * 2.7 s at 2,000,000 items). On a second connection to the file, in slices of `sliceMs` with
   * other requests answered in between. Each list's vocabulary is read in one snapshot, which
   * holds back WAL checkpoints for those seconds; its row count (`count(*)`, ~15 ms at 1,000,000
   * rows) is one step. An in-memory database (tests) has no second connection: it is read on the
   * app's own, at once.
   */
  async refresh(): Promise<void> {
    await this.withReader(async (reader) => {
      for (const table of TABLES) {
        if (this.closed) return;
        const counts = await this.readCounts(reader, table);
        if (counts) this.tables.set(table, counts);
        const sample = await this.drawSample(reader, table);
        if (sample) this.samples.set(table, sample);
      }
    });
  }

  /**
   * Whether some list has grown or shrunk by more than STALE_SHARE since its counts (an import
   * into a running shop): its new trigrams would be taken as rare until the hourly refresh.
   */
  async isStale(): Promise<boolean> {
    return this.withReader(async (reader) =>
      TABLES.some((table) => {
        const counted = this.tables.get(table)?.rows;
        if (counted === undefined) return true;
        return outgrew(counted, rowCount(reader, table));
      }),
    );
  }

  private async withReader<T>(read: (reader: SQLite.Database) => Promise<T>): Promise<T> {
    const inMemory = this.sqlite.memory;
    const reader = inMemory ? this.sqlite : new SQLite(this.sqlite.name, { readonly: true });
    try {
      return await read(reader);
    } finally {
      if (!inMemory) reader.close();
    }
  }

  private async readCounts(reader: SQLite.Database, table: SearchedTable): Promise<TableTrigrams | null> {
    const vocab = `temp.${table}_trigram_vocab`;
    reader.exec(`create virtual table if not exists ${vocab} using fts5vocab(main, ${table}_search, row)`);
    const rows = rowCount(reader, table);
    const docs = new Map<string, number>();
    const statement = reader.prepare(`select term, doc from ${vocab}`);
    if (this.sqlite.memory) {
      for (const row of statement.all() as VocabRow[]) docs.set(row.term, row.doc);
      return { rows, docs };
    }
    let sliceStart = performance.now();
    for (const row of statement.iterate() as IterableIterator<VocabRow>) {
      docs.set(row.term, row.doc);
      if (performance.now() - sliceStart >= this.sliceMs) {
        await yieldToOthers();
        // Leaving the loop ends the iterator, so the reader can close.
        if (this.closed) return null;
        sliceStart = performance.now();
      }
    }
    return { rows, docs };
  }

  /** The list's sample (sampleOf), in slices; null when closed meanwhile. */
  private async drawSample(reader: SQLite.Database, table: SearchedTable): Promise<SampledRows | null> {
    const columns = SEARCHED_COLUMNS[table];
    const select = `select id, ${columns.text} as text, ${columns.phone} as phone, ${columns.state ?? 'null'} as state from ${table}`;
    const { least, most, rows } = reader
      .prepare(`select min(id) as least, max(id) as most, count(*) as rows from ${table}`)
      .get() as { least: number | null; most: number | null; rows: number };
    type Row = { id: number; text: string | null; phone: string | null; state: string | null };
    const sampled = (row: Row, page: number) => ({
      text: row.text ?? '',
      phone: row.phone ?? '',
      state: row.state,
      page,
    });
    // A small list whole, a run of rows to a page.
    if (least === null || most === null || rows <= SAMPLE_ROWS) {
      const all = reader.prepare(`${select} order by id`).all() as Row[];
      return { rows: shuffled(all.map((row, i) => sampled(row, Math.floor(i / SAMPLE_RUN)))) };
    }
    const run = reader.prepare(`${select} where id >= ? order by id limit ${SAMPLE_RUN}`);
    const drawn: SampledRows['rows'][number][] = [];
    // Runs may overlap: a row is taken once (a list just over SAMPLE_ROWS would otherwise hold
    // many twice, each on two «pages»).
    const taken = new Set<number>();
    let sliceStart = performance.now();
    for (let page = 0; page < SAMPLE_ROWS / SAMPLE_RUN; page += 1) {
      const from = least + Math.floor(Math.random() * (most - least + 1));
      for (const row of run.all(from) as Row[]) {
        if (taken.has(row.id)) continue;
        taken.add(row.id);
        drawn.push(sampled(row, page));
      }
      if (!this.sqlite.memory && performance.now() - sliceStart >= this.sliceMs) {
        await yieldToOthers();
        if (this.closed) return null;
        sliceStart = performance.now();
      }
    }
    return { rows: shuffled(drawn) };
  }
}

interface VocabRow {
  term: string;
  doc: number;
}

const rowCount = (reader: SQLite.Database, table: SearchedTable) =>
  (reader.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

/** The items in a random order (Fisher–Yates), the array itself. */
export function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** How many rows of a list are in `states`, by its state trigrams' counts (ADR 030). */
export function rowsInStates(
  counts: TableTrigrams,
  table: SearchedTable,
  states?: readonly string[],
): number {
  if (!states || !SEARCHED_COLUMNS[table].state) return counts.rows;
  return states.reduce((sum, state) => sum + (counts.docs.get(stateTrigram(state)) ?? 0), 0);
}
