import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import { expect, it } from 'vitest';
import { parseSearchQuery } from '../../domain/search-text';
import { WORK_STATES } from '../../domain/worklist';
import type { Database } from '../db/database';
import type { DialectName } from '../db/dialect-name';
import type { DB } from '../db/schema';
import { listTickets } from '../tickets/tickets.repository';
import { countWork } from '../work/worklist-counts';
import { listWork } from '../work/worklist.repository';
import { planSearch, withRoad, type Road } from './plan';

// The SQL each road of a search sends, as a reviewer reads it: checked in beside this file
// (queries/*.sql) and compared on every run, so that a change to a query shows as a diff of the
// SQL. After an intended change: `npx vitest run src/server/search/search.sql.test.ts -u`.

/**
 * A database that records what it is sent and answers as a large list where nothing matches: a
 * row wherever a list's position is asked, every walk empty, a count's walk a full stretch of rows.
 */
function recording(dialect: DialectName) {
  const sent: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery) => {
      const rows = /offset/.test(query.sql)
        ? [{ work_sort: '1', id: 1 }]
        : /as "matches"/.test(query.sql)
          ? [{ rows: 1_000_000, matches: 0 }]
          : [];
      return { rows: rows as R[] };
    },
    streamQuery: () => {
      throw new Error('not streamed');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => (dialect === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => driver,
      createIntrospector: (k) =>
        dialect === 'sqlite' ? new SqliteIntrospector(k) : new PostgresIntrospector(k),
      createQueryCompiler: () =>
        dialect === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler(),
    },
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
  const database = { db, dialect, destroy: () => db.destroy() } as Database;
  return { database, sent };
}

/** A query as a reviewer reads it: its SQL, then its parameters. */
const shown = (query: CompiledQuery) =>
  `${query.sql.replace(/\s+/g, ' ').trim()};\n-- ${JSON.stringify(query.parameters)}`;

const QUERIES = ['иванов', 'иванов петр', 'ив', '8 912 345', '#12'];
const ROADS: Road[] = [{ use: 'search' }, { use: 'ids', ids: [3, 1, 2] }, { use: 'index' }];

for (const dialect of ['sqlite', 'postgres'] as const) {
  it(`sends the SQL checked in for each road [${dialect}]`, async () => {
    const { database, sent } = recording(dialect);
    const sections: string[] = [];
    const record = async (title: string, run: () => Promise<unknown>) => {
      sent.length = 0;
      await run();
      sections.push(`-- ${title}\n${sent.map(shown).join('\n')}`);
    };
    for (const q of QUERIES) {
      const search = parseSearchQuery(q);
      const plan = planSearch(database, 'tasks', search, ['new', 'in_progress']);
      for (const road of ROADS) {
        const searchPlans = { task: withRoad(plan, road) };
        await record(`«${q}»: the worklist's open tasks, road ${road.use}`, () =>
          listWork(
            database.db,
            { kinds: ['task'], states: ['new', 'in_progress'], search, searchPlans },
            undefined,
            51,
            {
              positionsFirst: false,
            },
          ),
        );
      }
      const counted = planSearch(database, 'tasks', search, WORK_STATES);
      await record(`«${q}»: the counts, up to 1,001 a state`, () =>
        countWork(database.db, { kinds: ['task'], search, searchPlans: { task: counted } }, { cap: 1000 }),
      );
    }
    const tickets = planSearch(database, 'tickets', parseSearchQuery('иванов'), WORK_STATES);
    await record('«иванов»: the ticket list', () =>
      listTickets(database.db, { searchPlan: tickets }, undefined, 50),
    );
    await expect(`${sections.join('\n\n')}\n`).toMatchFileSnapshot(`./queries/${dialect}.sql`);
  });
}
