import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder } from 'kysely';
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
