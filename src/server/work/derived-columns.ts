import { sql, type Kysely } from 'kysely';
import { phoneDigits } from '../../domain/phone';
import { deviceSearchText } from '../../domain/device-fields';
import { normalizeSearchText } from '../../domain/search-text';
import {
  TRASH_SORT_PREFIX,
  TRASH_WORK_STATE,
  workSortKey,
  workState,
  type WorkKind,
} from '../../domain/worklist';
import type { DB } from '../db/schema';

const TABLE = { ticket: 'tickets', task: 'tasks' } as const;

/**
 * What search matches: the title, the client's name and the assignee's name, and for a
 * ticket its device, serial number and warranty card number (`device`, deviceSearchText),
 * normalised.
 */
export function itemSearchText(title: string, clientName: string, assigneeName: string, device = ''): string {
  return normalizeSearchText(`${title} ${clientName} ${assigneeName} ${device}`.trim());
}

/** A ticket's device as search reads it; '' for a task (which has none). */
export function deviceSearchPart(row: Partial<Record<'device' | 'serial_number' | 'warranty_card', string>>) {
  return deviceSearchText({
    device: row.device ?? '',
    serialNumber: row.serial_number ?? '',
    warrantyCard: row.warranty_card ?? '',
  });
}

/** The columns a ticket's or task's derived columns are computed from. */
export interface DerivedSource {
  title: string;
  status: string;
  due_date: string | null;
  created_at: string;
  closed_at: string | null;
  client_name: string;
  assignee_name: string;
  client_phone: string | null;
  /** In the Корзина: out of every list (see TRASH_WORK_STATE). */
  deleted_at: string | null;
  /** A ticket's device fields that search reads (tasks have none). */
  device?: string;
  serial_number?: string;
  warranty_card?: string;
}

/** Search text, phone digits, worklist state and order key of an item as it will be. */
export function derivedColumns(kind: WorkKind, id: number, row: DerivedSource) {
  const sortKey = workSortKey({
    kind,
    id,
    status: row.status,
    title: row.title,
    dueDate: row.due_date,
    createdAt: row.created_at,
    closedAt: row.closed_at,
  });
  const trashed = row.deleted_at !== null;
  return {
    search_text: itemSearchText(row.title, row.client_name, row.assignee_name, deviceSearchPart(row)),
    client_phone_digits: phoneDigits(row.client_phone ?? ''),
    work_state: trashed ? TRASH_WORK_STATE : workState(kind, row.status),
    work_sort: trashed ? `${TRASH_SORT_PREFIX}${sortKey}` : sortKey,
  };
}

/**
 * Recomputes a ticket's or task's derived columns from the row itself (and its
 * client's phone): search text, phone digits, worklist state and order key. Called
 * in the same transaction as every write that can change them, so they never drift.
 */
export async function refreshDerived(db: Kysely<DB>, kind: WorkKind, id: number): Promise<void> {
  const table = TABLE[kind];
  const row = await db
    .selectFrom(table)
    .leftJoin('clients', 'clients.id', `${table}.client_id`)
    .select([
      `${table}.title as title`,
      `${table}.status as status`,
      `${table}.due_date as due_date`,
      `${table}.created_at as created_at`,
      `${table}.closed_at as closed_at`,
      `${table}.client_name as client_name`,
      `${table}.assignee_name as assignee_name`,
      `${table}.deleted_at as deleted_at`,
      'clients.phone as client_phone',
      // A ticket's device fields in the same read (a task has none).
      ...(kind === 'ticket'
        ? [
            sql<string>`tickets.device`.as('device'),
            sql<string>`tickets.serial_number`.as('serial_number'),
            sql<string>`tickets.warranty_card`.as('warranty_card'),
          ]
        : []),
    ])
    .where(`${table}.id`, '=', id)
    .executeTakeFirst();
  if (!row) return;
  await db
    .updateTable(table)
    .set(derivedColumns(kind, id, row))
    .where('id', '=', id)
    .execute();
}

/** The tickets and tasks of a client, e.g. to refresh them after the client changes. */
export async function itemsOfClient(db: Kysely<DB>, clientId: number) {
  const [tickets, tasks] = await Promise.all([
    db.selectFrom('tickets').select('id').where('client_id', '=', clientId).execute(),
    db.selectFrom('tasks').select('id').where('client_id', '=', clientId).execute(),
  ]);
  return [
    ...tickets.map((t) => ({ kind: 'ticket' as const, id: t.id })),
    ...tasks.map((t) => ({ kind: 'task' as const, id: t.id })),
  ];
}

/** After a client's name or phone changed (or the client was deleted): update their items. */
export async function syncClientItems(
  db: Kysely<DB>,
  items: { kind: WorkKind; id: number }[],
  newName?: string,
): Promise<void> {
  for (const item of items) {
    // The version moves too: an edit or step that read the item before this change
    // retries instead of writing back the old client's search columns.
    await db
      .updateTable(TABLE[item.kind])
      .set({ version: sql<number>`version + 1`, ...(newName === undefined ? {} : { client_name: newName }) })
      .where('id', '=', item.id)
      .execute();
    await refreshDerived(db, item.kind, item.id);
  }
}
