import { setImmediate as yieldToOthers } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { everyHourAfter } from '../jobs/every-hour';
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

const TABLES: SearchedTable[] = ['tickets', 'tasks', 'clients'];

/** How long the refresh reads before letting other requests run (the connection is its own). */
const SLICE_MS = 8;

export class TrigramStats {
  private readonly tables = new Map<SearchedTable, TableTrigrams>();

  constructor(private readonly sqlite: SQLite.Database) {}

  /** The last counts of a list's index, or undefined before the first refresh. */
  of(table: SearchedTable): TableTrigrams | undefined {
    return this.tables.get(table);
  }

  /**
   * Reads every trigram's row count from FTS5's vocabulary (a walk through the whole index: about
   * 2.7 s at 2,000,000 items). On a second connection to the file, in slices of SLICE_MS with
   * other requests answered in between; an in-memory database (tests) is read at once.
   */
  async refresh(): Promise<void> {
    const inMemory = this.sqlite.memory;
    const reader = inMemory ? this.sqlite : new SQLite(this.sqlite.name, { readonly: true });
    try {
      for (const table of TABLES) {
        const vocab = `temp.${table}_trigram_vocab`;
        reader.exec(
          `create virtual table if not exists ${vocab} using fts5vocab(main, ${table}_search, row)`,
        );
        const rows = (reader.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
        const docs = new Map<string, number>();
        const statement = reader.prepare(`select term, doc from ${vocab}`);
        if (inMemory) {
          for (const row of statement.all() as { term: string; doc: number }[]) docs.set(row.term, row.doc);
        } else {
          let sliceStart = performance.now();
          for (const row of statement.iterate() as IterableIterator<{ term: string; doc: number }>) {
            docs.set(row.term, row.doc);
            if (performance.now() - sliceStart > SLICE_MS) {
              await yieldToOthers();
              sliceStart = performance.now();
            }
          }
        }
        this.tables.set(table, { rows, docs });
      }
    } finally {
      if (!inMemory) reader.close();
    }
  }
}

/** Soon after start: until then every search asks for all its trigrams (as before ADR 030). */
const FIRST_REFRESH_MS = 1000;

/** Refreshes the counts soon after start, then every hour; returns the function that stops it. */
export function scheduleTrigramStats(stats: TrigramStats, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    const started = performance.now();
    stats
      .refresh()
      .then(() =>
        log.debug({ ms: Math.round(performance.now() - started) }, 'search trigram counts refreshed'),
      )
      .catch((error: unknown) => log.error({ err: error }, 'search trigram counts failed'))
      .finally(() => {
        running = false;
      });
  };
  return everyHourAfter(FIRST_REFRESH_MS, run);
}
