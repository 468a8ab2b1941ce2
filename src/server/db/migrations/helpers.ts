import type { CreateTableBuilder } from 'kysely';
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
