import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { withIdColumn } from './helpers';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** Status labels as history rows wrote them when this migration was made (walk-in wording too). */
const LABELS: [label: string, status: string][] = [
  ['Новая', 'new'],
  ['Доставка оформлена', 'delivery_requested'],
  ['Прибыл в ПВЗ', 'at_pvz'],
  ['В ремонте', 'in_repair'],
  ['Готов к отправке', 'repair_done'],
  ['Готов к выдаче', 'repair_done'],
  ['Отнести в ПВЗ', 'to_pvz'],
  ['Доставка до клиента', 'delivery_to_client'],
  ['Оповестить клиента', 'notify_client'],
  ['Закрыта', 'closed'],
  ['Забран из ПВЗ', 'picked_from_pvz'],
  ['Оформлена обратная доставка', 'return_delivery_requested'],
  ['Возвращён', 'returned'],
];

/**
 * How long each ticket stayed in each status it left (issue 20: the dashboard's average days per
 * stage over 30 and 90 days). One row per step, written with the step; read by when it was left,
 * so the averages read a few thousand index entries instead of walking every ticket's history.
 * Filled from the history already there: a step left the status the previous step entered, or,
 * for a ticket's first step, the status its history row names as the old value, entered at the
 * ticket's creation.
 */
export function stageSpansMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(db.schema.createTable('stage_spans'), dialect)
        .addColumn('ticket_id', 'integer', (col) =>
          col.notNull().references('tickets.id').onDelete('cascade'),
        )
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('entered_at', 'text', (col) => col.notNull())
        .addColumn('left_at', 'text', (col) => col.notNull())
        .addColumn('days', 'real', (col) => col.notNull())
        .execute();
      // Per status, the spans left since a day, with their lengths: a range each, read alone.
      await db.schema
        .createIndex('stage_spans_status_left')
        .on('stage_spans')
        .columns(['status', 'left_at', 'days'])
        .execute();
      await db.schema.createIndex('stage_spans_ticket').on('stage_spans').column('ticket_id').execute();
      // The dashboard's other figures, each read off an index alone at 200,000 items
      // (docs/benchmarks.md): received and closed per week, without the Корзина…
      await db.schema
        .createIndex('tickets_created_live')
        .on('tickets')
        .columns(['created_at', 'deleted_at'])
        .execute();
      await db.schema
        .createIndex('tickets_closed_live')
        .on('tickets')
        .columns(['closed_at', 'deleted_at'])
        .execute();
      // …open tickets by status and by how they came in…
      await db.schema
        .createIndex('tickets_open_status')
        .on('tickets')
        .columns(['work_state', 'status', 'intake', 'delivery_provider'])
        .execute();
      // …tickets over their status's limit…
      await db.schema
        .createIndex('tickets_status_since')
        .on('tickets')
        .columns(['status', 'status_since'])
        .execute();
      // …and open items per person with their due dates: the state counts' index (0012) with
      // the due date added, which serves the counts as well.
      for (const table of ['tickets', 'tasks']) {
        await db.schema
          .createIndex(`${table}_state_assignee_due`)
          .on(table)
          .columns(['work_state', 'assignee_id', 'due_date'])
          .execute();
        await db.schema.dropIndex(`${table}_state_assignee`).execute();
      }

      const firstStatus = sql.join(
        LABELS.map(([label, status]) => sql`when ${sql.lit(label)} then ${sql.lit(status)}`),
        sql` `,
      );
      const days =
        dialect === 'postgres'
          ? sql`extract(epoch from (s.left_at::timestamptz - s.entered_at::timestamptz)) / 86400.0`
          : sql`julianday(s.left_at) - julianday(s.entered_at)`;
      await sql`
        insert into stage_spans (ticket_id, status, entered_at, left_at, days)
        select s.ticket_id, s.status, s.entered_at, s.left_at, ${days}
        from (
          select h.item_id as ticket_id, h.ts as left_at,
            coalesce(lag(h.new_status) over w, case h.old_value ${firstStatus} end) as status,
            coalesce(lag(h.ts) over w, t.created_at) as entered_at
          from history h join tickets t on t.id = h.item_id
          where h.item_kind = 'ticket' and h.action = 'status_change' and h.new_status is not null
          window w as (partition by h.item_id order by h.id)
        ) s
        -- Filtered after the steps are paired: a step dated in the old tool's own way drops the
        -- two spans it bounds instead of lending its status to its neighbours'.
        where s.status is not null
          and s.entered_at like '____-__-__T%Z' and s.left_at like '____-__-__T%Z'
          and s.entered_at <= s.left_at
      `.execute(db);
    },
  };
}
