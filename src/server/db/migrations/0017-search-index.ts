import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { ensureTrigramExtension } from '../pg-trigram';
import { trigramOperatorClass } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The searched columns of each list (the ones src/server/db/search-condition.ts reads), and the
 * column whose value the SQLite index also holds as a token, so that it can name only the
 * rows of the states a list shows (Новые, В работе, Закрытые, the Корзина).
 */
export const SEARCHED_COLUMNS = {
  tickets: { text: 'search_text', phone: 'client_phone_digits', state: 'work_state' },
  tasks: { text: 'search_text', phone: 'client_phone_digits', state: 'work_state' },
  clients: { text: 'search_name', phone: 'phone_digits', state: null },
} as const;

/**
 * Trigram indexes for search (issue 22, docs/search.md), so a query that
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
    const searched = (row: string) => sql.raw(`${row}${columns.text} || ' ' || ${row}${columns.phone}`);
    const state = (row: string, token: (column: string) => string) =>
      columns.state ? sql.raw(` || ' ' || ${token(`${row}${columns.state}`)}`) : sql.raw('');
    // What each index holds of a row: the searched text and digits, and its state's token
    // (the forms src/server/search/searched-lists.ts asks for: stateTrigram, stateToken).
    const body = (row: string) =>
      sql`${searched(row)}${state(row, (column) => `char(1) || substr(${column}, 1, 1) || char(1)`)}`;
    const pieces = (row: string) =>
      sql`search_gram_tokens(${searched(row)})${state(row, (column) => `'zz' || replace(${column}, '_', '') || 'zz'`)}`;
    // Contentless: they only answer «which rows may match»; the rows are then checked against the
    // rule itself. detail=none: rowids only, no positions — a third of the size. case_sensitive:
    // the columns are normalised already (normalizeSearchText), and so is every query.
    // A phone's start (`8912…`) is a range of this index: exact, where trigrams of «912» are not.
    // With the state: the range is read off the index alone.
    const phoneIndexColumns = columns.state ? [columns.phone, columns.state] : [columns.phone];
    await sql`create index ${sql.raw(`${table}_phone_digits`)} on ${sql.table(table)} (${sql.join(
      phoneIndexColumns.map((column) => sql.ref(column)),
    )})`.execute(db);
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
      select id, ${pieces('')} from ${sql.table(table)}`.execute(db);
    const add = (row: string) => sql`
        insert into ${trigrams} (rowid, body) values (new.id, ${body(row)});
        insert into ${grams} (rowid, body) values (new.id, ${pieces(row)});`;
    const remove = sql`
        delete from ${trigrams} where rowid = old.id;
        delete from ${grams} where rowid = old.id;`;
    await sql`
      create trigger ${sql.raw(`${table}_search_insert`)} after insert on ${sql.table(table)} begin
        ${add('new.')}
      end`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_search_update`)}
      after update of ${sql.join([columns.text, columns.phone, ...(columns.state ? [columns.state] : [])].map((column) => sql.ref(column)))}
      on ${sql.table(table)}
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
  const opclass = await trigramOperatorClass(db);
  // The one- and two-character pieces of a text, as gramsOf (src/server/db/search-grams.ts) makes
  // them: every character, and every pair (those starting at even places, then at odd ones; a
  // stray last character is a piece already), from built-in functions: a few µs a row. PL/pgSQL
  // with a high cost, not an SQL function the planner would inline and think cheap: it is to
  // read the pieces' index, never to work them out for every row it filters. The index holds
  // them as a tsvector's lexemes (taken as they are, unparsed): a one-lexeme match is exact.
  await sql`
    create function search_grams(body text) returns text[] language plpgsql immutable parallel safe
    cost 100 as $$
    begin
      return array_remove(
        string_to_array(body, null)
        || string_to_array(regexp_replace(body, '(..)', '\\1' || chr(1), 'g'), chr(1))
        || string_to_array(regexp_replace(substr(body, 2), '(..)', '\\1' || chr(1), 'g'), chr(1)),
        '');
    end
    $$`.execute(db);
  for (const [table, columns] of Object.entries(SEARCHED_COLUMNS)) {
    for (const column of [columns.text, columns.phone]) {
      await sql`
        create index ${sql.raw(`${table}_${column}_trgm`)} on ${sql.table(table)}
        using gin (${sql.ref(column)} ${opclass})`.execute(db);
    }
    // A phone's start (`LIKE '7912%'`) read off a B-tree: exact, where trigrams of digits are common.
    await sql`
      create index ${sql.raw(`${table}_phone_start`)} on ${sql.table(table)} (${sql.ref(columns.phone)} text_pattern_ops)`.execute(
      db,
    );
    await sql`
      create index ${sql.raw(`${table}_grams`)} on ${sql.table(table)}
      using gin (array_to_tsvector(search_grams(${sql.raw(`${columns.text} || ' ' || ${columns.phone}`)})))`.execute(
      db,
    );
  }
}
