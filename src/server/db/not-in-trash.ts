import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * Rows not in the Корзина, compared as an expression: given the bare `deleted_at IS NULL`, SQLite
 * reads the Корзина's `(deleted_at)` index — every live row — instead of the index a list or
 * figure is ordered or ranged by (measured: 280 ms a page of tickets at 200,000 items).
 */
export function notInTrash(column = 'deleted_at'): RawBuilder<SqlBool> {
  return sql<SqlBool>`coalesce(${sql.ref(column)}, '') = ''`;
}
