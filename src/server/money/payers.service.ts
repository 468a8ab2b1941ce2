import type { Kysely, Selectable } from 'kysely';
import { amountDue } from '../../domain/money';
import {
  PAYER_IN_USE,
  PAYER_NAME_TAKEN,
  PAYER_NOT_FOUND,
  STALE_PAYER,
  STATEMENT_LIMIT,
  type PayerDto,
  type PayerStatementDto,
} from '../../domain/payers';
import type { payerInput, payerPatch } from '../../domain/payer-schemas';
import { daysInZone } from '../../domain/status-limits';
import { isIntake, isTicketStatus } from '../../domain/ticket-status';
import type { z } from '../../domain/zod-ru';
import { type Clock, isoNow } from '../clock';
import { namedDirectory } from '../db/named-directory';
import type { DB, PayersTable } from '../db/schema';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';

function toDto(row: Selectable<PayersTable>): PayerDto {
  return { id: row.id, name: row.name, details: row.details, version: row.version };
}

/**
 * The directory of payers (issue 50) and each payer's statement. A payer named on a ticket
 * (one in the Корзина too) stays: its statements must still add up.
 */
export function createPayers({ db, clock, events }: { db: Kysely<DB>; clock: Clock; events: EventBus }) {
  const changed = () => events.publish({ entity: 'settings', id: null, op: 'update' });

  const directory = namedDirectory(
    db,
    clock,
    'payers',
    { notFound: PAYER_NOT_FOUND, stale: STALE_PAYER, nameTaken: PAYER_NAME_TAKEN, conflictKey: 'payer' },
    changed,
  );

  return {
    list: (): Promise<PayerDto[]> => directory.list(),
    create: (input: z.output<typeof payerInput>): Promise<PayerDto> => directory.create(input),
    update: (id: number, patch: z.output<typeof payerPatch>): Promise<PayerDto> =>
      directory.update(id, patch),

    /** Only a payer no ticket names; the row is held first, so a ticket cannot take it meanwhile. */
    async remove(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const held = await trx
          .updateTable('payers')
          .set({ updated_at: isoNow(clock) })
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
        if (!held) throw new AppError('not_found', PAYER_NOT_FOUND);
        const used = await trx
          .selectFrom('tickets')
          .select('id')
          .where('payer_id', '=', id)
          .executeTakeFirst();
        if (used) throw new AppError('conflict', PAYER_IN_USE);
        await trx.deleteFrom('payers').where('id', '=', id).execute();
      });
      changed();
    },

    /** The payer's repairs taken in within the period (the shop's calendar days) and its payments. */
    async statement(
      id: number,
      period: { from: string; to: string },
      timeZone: string,
    ): Promise<PayerStatementDto> {
      const payer = await db.selectFrom('payers').selectAll().where('id', '=', id).executeTakeFirst();
      if (!payer) throw new AppError('not_found', PAYER_NOT_FOUND);
      const { from, to } = daysInZone(period.from, period.to, timeZone);
      const inPeriod = db
        .selectFrom('tickets')
        .where('tickets.payer_id', '=', id)
        .where('tickets.deleted_at', 'is', null)
        .where('tickets.created_at', '>=', from)
        .where('tickets.created_at', '<', to);
      const [tickets, sums, received] = await Promise.all([
        inPeriod
          .innerJoin('clients', 'clients.id', 'tickets.client_id')
          .select([
            'tickets.id',
            'tickets.created_at',
            'tickets.status',
            'tickets.intake',
            'tickets.device',
            'tickets.lines_total',
            'tickets.paid',
            'clients.full_name',
          ])
          .orderBy('tickets.created_at')
          .orderBy('tickets.id')
          .limit(STATEMENT_LIMIT + 1)
          .execute(),
        // The sums over every repair of the period, however many rows are listed.
        inPeriod
          .select((eb) => [
            eb.fn.sum<string | number | null>('tickets.lines_total').as('total'),
            eb.fn.sum<string | number | null>('tickets.paid').as('paid'),
            eb.fn
              .sum<string | number | null>(
                eb
                  .case()
                  .when('tickets.lines_total', '>', eb.ref('tickets.paid'))
                  .then(eb('tickets.lines_total', '-', eb.ref('tickets.paid')))
                  .else(0)
                  .end(),
              )
              .as('due'),
          ])
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('payments')
          .innerJoin('tickets', 'tickets.id', 'payments.ticket_id')
          .select(['payments.kind', (eb) => eb.fn.sum<string | number>('payments.amount').as('sum')])
          .where('tickets.payer_id', '=', id)
          .where('tickets.deleted_at', 'is', null)
          .where('payments.created_at', '>=', from)
          .where('payments.created_at', '<', to)
          .groupBy('payments.kind')
          .execute(),
      ]);
      const rows = tickets.slice(0, STATEMENT_LIMIT).map((row) => {
        const total = Number(row.lines_total);
        const paid = Number(row.paid);
        return {
          id: row.id,
          createdAt: row.created_at,
          status: isTicketStatus(row.status) ? row.status : ('closed' as const),
          intake: isIntake(row.intake) ? row.intake : ('pvz' as const),
          clientName: row.full_name,
          device: row.device,
          total,
          paid,
          due: amountDue(total, paid),
        };
      });
      const sum = (kind: string) => Number(received.find((row) => row.kind === kind)?.sum ?? 0);
      return {
        payer: toDto(payer),
        from: period.from,
        to: period.to,
        rows,
        total: Number(sums.total ?? 0),
        paid: Number(sums.paid ?? 0),
        due: Number(sums.due ?? 0),
        paidInPeriod: sum('payment') - sum('refund'),
        truncated: tickets.length > STATEMENT_LIMIT,
      };
    },
  };
}

export type Payers = ReturnType<typeof createPayers>;
