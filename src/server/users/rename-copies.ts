import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { deviceSearchPart, itemSearchText } from '../work/derived-columns';

const CHUNK = 500;

/**
 * Tickets, tasks, history, files and the Корзина keep a copy of a person's name beside their id
 * (the spec denormalises names, and lists show them without a join). When someone
 * is renamed, every copy follows in the same transaction, and so does search, which
 * matches the assignee's name. Returns whether any ticket or task changed.
 */
export async function renameCopies(db: Kysely<DB>, userId: number, name: string): Promise<boolean> {
  let itemsChanged = false;
  for (const table of ['tickets', 'tasks'] as const) {
    const created = await db
      .updateTable(table)
      .set({ created_by_name: name })
      .where('created_by', '=', userId)
      .executeTakeFirst();
    const assigned: {
      id: number;
      title: string;
      client_name: string;
      device?: string;
      serial_number?: string;
      warranty_card?: string;
    }[] =
      table === 'tickets'
        ? await db
            .selectFrom('tickets')
            .select(['id', 'title', 'client_name', 'device', 'serial_number', 'warranty_card'])
            .where('assignee_id', '=', userId)
            .execute()
        : await db
            .selectFrom('tasks')
            .select(['id', 'title', 'client_name'])
            .where('assignee_id', '=', userId)
            .execute();
    // A few hundred rows per statement: a busy person has tens of thousands of items.
    for (let start = 0; start < assigned.length; start += CHUNK) {
      const chunk = assigned.slice(start, start + CHUNK);
      const searchTexts = sql.join(
        chunk.map(
          (item) =>
            sql`when ${item.id} then ${itemSearchText(item.title, item.client_name, name, deviceSearchPart(item))}`,
        ),
        sql` `,
      );
      await db
        .updateTable(table)
        // The version moves too: an edit or step that read the row before this rename
        // retries instead of writing back the old name's search text.
        .set({
          assignee_name: name,
          search_text: sql<string>`case id ${searchTexts} end`,
          version: sql<number>`version + 1`,
        })
        .where(
          'id',
          'in',
          chunk.map((item) => item.id),
        )
        .execute();
    }
    if (Number(created.numUpdatedRows) > 0 || assigned.length > 0) itemsChanged = true;
  }
  for (const table of ['tickets', 'tasks', 'clients'] as const) {
    await db.updateTable(table).set({ deleted_by_name: name }).where('deleted_by', '=', userId).execute();
  }
  await db.updateTable('history').set({ user_name: name }).where('user_id', '=', userId).execute();
  await db.updateTable('files').set({ uploaded_by_name: name }).where('uploaded_by', '=', userId).execute();
  await db.updateTable('comments').set({ author_name: name }).where('author_id', '=', userId).execute();
  return itemsChanged;
}
