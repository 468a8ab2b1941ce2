import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { ensureSearchExtensions } from '../pg-trigram';
import { SEARCHED_COLUMNS } from './0017-search-index';
import { trigramOperatorClass } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * PostgreSQL: the search indexes of tickets and tasks (migration 0017) hold each row's work state
 * too, as their first column (btree_gin), so that «which rows in Новые and В работе may match» is
 * answered inside the index, as SQLite's FTS5 tables already do with a state token
 * (docs/search.md). The state is the expression the lists
 * compare (`work_state || ''`), which no B-tree of the state's serves. Clients have no state: their
 * indexes stay. SQLite: nothing to do.
 */
export function searchByStateMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await ensureSearchExtensions((statement) => sql.raw(statement).execute(db));
      const trigrams = await trigramOperatorClass(db);
      for (const table of ['tickets', 'tasks'] as const) {
        const columns = SEARCHED_COLUMNS[table];
        const state = sql.raw(`(${columns.state} || '')`);
        const index = (name: string) => sql.raw(`${table}_${name}`);
        await sql`
          create index ${index('state_text_trgm')} on ${sql.table(table)}
          using gin (${state}, ${sql.ref(columns.text)} ${trigrams})`.execute(db);
        await sql`
          create index ${index('state_phone_trgm')} on ${sql.table(table)}
          using gin (${state}, ${sql.ref(columns.phone)} ${trigrams})`.execute(db);
        await sql`
          create index ${index('state_grams')} on ${sql.table(table)}
          using gin (${state}, array_to_tsvector(search_grams(${sql.raw(`${columns.text} || ' ' || ${columns.phone}`)})))`.execute(
          db,
        );
        for (const old of [`${columns.text}_trgm`, `${columns.phone}_trgm`, 'grams']) {
          await sql`drop index if exists ${index(old)}`.execute(db);
        }
      }
      // How many rows are out of the Корзина, as the lists ask it (notInTrash: an expression, for
      // SQLite's sake). Without statistics of it the planner took it for 0.5 % of the rows, and
      // read a common query's every match and sorted them rather than walk the list's order
      // («иванов» in the ticket list: 90 ms → 5 ms at 200,000 items).
      for (const table of ['tickets', 'tasks', 'clients']) {
        await sql`create statistics ${sql.raw(`${table}_live`)} on (coalesce(deleted_at, '')) from ${sql.table(table)}`.execute(
          db,
        );
      }
    },
  };
}
