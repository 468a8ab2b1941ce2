import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { ensureSearchExtensions } from '../pg-trigram';
import { SEARCHED_COLUMNS } from './0017-search-index';
import { trigramOperatorClass } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The lists whose phone digits PostgreSQL searches by start and by tail (docs/search.md). */
const PHONE_TAIL_TABLES = ['tickets', 'tasks'] as const;

/** The phone digits after the first: what a number contained past its first digit is looked for in. */
const phoneTail = (column: string) => `substr(${column}, 2)`;

/** As migration 0021: a short pending list, which every search reads whole. */
const PENDING_LIST_KB = 256;

/**
 * PostgreSQL: a phone's start is read off its B-tree alone, and digits contained past a phone's
 * first digit off a trigram index of the rest (docs/search.md).
 * - The B-tree of the state and the digits (migration 0021) also holds each row's order and id
 *   (and the state itself, which the planner wants as a column to read the index alone): the
 *   candidates of «8912» (phones starting 7912, 8912 or 912, ~1,100 of the 66,000 tickets in
 *   work) came each with a visit to its table page, most from outside shared buffers.
 * - `substr(digits, 2)` with its state, in a GIN index of its own: digits are contained in a
 *   phone where it starts with them or its rest holds them, and the start is the B-tree's. The
 *   whole digits' index named every phone starting 8912 again for «8912» contained (579 rows
 *   where 100 hold it further on). It stays: the rule as a LIKE of the column (the counts of a
 *   common query) is answered by it.
 * SQLite: nothing to do (its rowid is in every index; its phone B-tree holds the state).
 */
export function phoneStartCoveredMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await ensureSearchExtensions((statement) => sql.raw(statement).execute(db));
      const trigrams = await trigramOperatorClass(db);
      for (const table of PHONE_TAIL_TABLES) {
        const { state, phone } = SEARCHED_COLUMNS[table];
        const index = (name: string) => sql.raw(`${table}_${name}`);
        await sql`drop index if exists ${index('state_phone_start')}`.execute(db);
        await sql`
          create index ${index('state_phone_start')} on ${sql.table(table)}
          ((${sql.raw(state)} || ''), ${sql.ref(phone)} text_pattern_ops)
          include (${sql.ref(state)}, work_sort, id)`.execute(db);
        await sql`
          create index ${index('state_phone_tail_trgm')} on ${sql.table(table)}
          using gin ((${sql.raw(state)} || ''), (${sql.raw(phoneTail(phone))}) ${trigrams})
          with (gin_pending_list_limit = ${sql.lit(PENDING_LIST_KB)})`.execute(db);
      }
    },
  };
}
