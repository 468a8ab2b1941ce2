import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { ensureTrigramExtension } from '../pg-trigram';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The searched columns of each list (the ones src/server/db/search-condition.ts reads). */
export const SEARCHED_COLUMNS = {
  tickets: { text: 'search_text', phone: 'client_phone_digits' },
  tasks: { text: 'search_text', phone: 'client_phone_digits' },
  clients: { text: 'search_name', phone: 'phone_digits' },
} as const;

/**
 * Trigram indexes for search (issue 22, docs/decisions/020-search-index.md), so a query that
 * matches little is answered from the index instead of reading every row.
 *
 * SQLite: one FTS5 table per list with the `trigram` tokenizer, contentless (it only answers
 * «which rows may match»; the rows themselves are checked against the real rule), kept by
 * triggers, so every write — the app's, an import's — keeps it, and a backup copies it.
 * PostgreSQL: pg_trgm GIN indexes on the same columns.
 */
export function searchIndexMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') await upPostgres(db);
      else await upSqlite(db);
    },
  };
}

async function upSqlite(db: Kysely<any>) {
  for (const [table, columns] of Object.entries(SEARCHED_COLUMNS)) {
    const trigrams = sql.table(`${table}_search`);
    const grams = sql.table(`${table}_grams`);
    const body = (row: string) => sql.raw(`${row}${columns.text} || ' ' || ${row}${columns.phone}`);
    // Contentless: they only answer «which rows may match»; the rows are then checked against the
    // rule itself. detail=none: rowids only, no positions — a third of the size. case_sensitive:
    // the columns are normalised already (normalizeSearchText), and so is every query.
    await sql`
      create virtual table ${trigrams} using fts5(
        body, tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1,
        detail = none)`.execute(db);
    // One- and two-character pieces as letter tokens (src/server/db/search-grams.ts).
    await sql`
      create virtual table ${grams} using fts5(
        body, tokenize = 'ascii', content = '', contentless_delete = 1, detail = none)`.execute(db);
    await sql`insert into ${trigrams} (rowid, body) select id, ${body('')} from ${sql.table(table)}`.execute(
      db,
    );
    await sql`
      insert into ${grams} (rowid, body)
      select id, search_gram_tokens(${body('')}) from ${sql.table(table)}`.execute(db);
    const add = (row: string) => sql`
        insert into ${trigrams} (rowid, body) values (new.id, ${body(row)});
        insert into ${grams} (rowid, body) values (new.id, search_gram_tokens(${body(row)}));`;
    const remove = sql`
        delete from ${trigrams} where rowid = old.id;
        delete from ${grams} where rowid = old.id;`;
    await sql`
      create trigger ${sql.raw(`${table}_search_insert`)} after insert on ${sql.table(table)} begin
        ${add('new.')}
      end`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_search_update`)}
      after update of ${sql.raw(`${columns.text}, ${columns.phone}`)} on ${sql.table(table)}
      when ${body('old.')} is not ${body('new.')} begin
        ${remove}
        ${add('new.')}
      end`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_search_delete`)} after delete on ${sql.table(table)} begin
        ${remove}
      end`.execute(db);
  }
}

async function upPostgres(db: Kysely<any>) {
  await ensureTrigramExtension((statement) => sql.raw(statement).execute(db));
  const { rows } = await sql<{ schema: string }>`
    select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(
    db,
  );
  const opclass = sql.raw(`${rows[0]?.schema ?? 'public'}.gin_trgm_ops`);
  // The one- and two-character pieces of a text, as gramsOf (src/server/db/search-grams.ts) makes them.
  await sql`
    create function search_grams(body text) returns text[] language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct gram), '{}') from (
        select substr(body, i, 1) as gram from generate_series(1, char_length(body)) as i
        union all
        select substr(body, i, 2) from generate_series(1, char_length(body) - 1) as i
      ) as pieces
    $$`.execute(db);
  for (const [table, columns] of Object.entries(SEARCHED_COLUMNS)) {
    for (const column of [columns.text, columns.phone]) {
      await sql`
        create index ${sql.raw(`${table}_${column}_trgm`)} on ${sql.table(table)}
        using gin (${sql.ref(column)} ${opclass})`.execute(db);
    }
    await sql`
      create index ${sql.raw(`${table}_grams`)} on ${sql.table(table)}
      using gin (search_grams(${sql.raw(`${columns.text} || ' ' || ${columns.phone}`)}))`.execute(db);
  }
}
