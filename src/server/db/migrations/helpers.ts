import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../dialect-name';

/** An integer primary key that the database numbers itself, on either dialect. */
export function withIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/**
 * Byte-order comparison for a sort-key column. SQLite compares text bytewise already;
 * PostgreSQL's default collation may follow a language's rules, so the key uses "C".
 */
export function withBinaryCollation(
  col: ColumnDefinitionBuilder,
  dialect: DialectName,
): ColumnDefinitionBuilder {
  return dialect === 'postgres' ? col.modifyEnd(sql`collate "C"`) : col;
}

/**
 * pg_trgm's GIN operator class, named with the schema the extension lives in (`public`, or
 * wherever a database's administrator put it): the search path may not hold that schema.
 */
// Kysely<any>: migrations describe the schema as it was then, independent of app types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function trigramOperatorClass(db: Kysely<any>) {
  const { rows } = await sql<{ schema: string }>`
    select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(
    db,
  );
  return sql.raw(`${rows[0]?.schema ?? 'public'}.gin_trgm_ops`);
}
