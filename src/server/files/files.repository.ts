import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, FilesTable } from '../db/schema';

export type FileRow = Selectable<FilesTable>;

export async function insertFile(db: Kysely<DB>, row: Insertable<FilesTable>): Promise<number> {
  const inserted = await db.insertInto('files').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function findFile(db: Kysely<DB>, id: number) {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

export function deleteFileRow(db: Kysely<DB>, id: number) {
  return db.deleteFrom('files').where('id', '=', id).execute();
}
