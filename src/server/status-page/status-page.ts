import { amountDue } from '../../domain/money';
import type { Kysely } from 'kysely';
import { isEstimateAnswer, type EstimateLine } from '../../domain/estimate';
import { publicStatusView, type PublicEstimate, type PublicStatusView } from '../../domain/public-status';
import { isIntake } from '../../domain/ticket-status';
import type { DB } from '../db/schema';
import type { ShopProfile } from '../settings/shop-profile';
import { looksLikeStatusToken } from './status-token';

/** Only the names, quantities and sums of the lines leave the shop. */
function publicEstimate(row: {
  version: number;
  lines: string;
  total: number | string;
  answer: string | null;
  answered_at: string | null;
}): PublicEstimate {
  const lines = JSON.parse(row.lines) as EstimateLine[];
  return {
    version: row.version,
    lines: lines.map((line) => ({ name: line.name, quantity: line.quantity, total: line.total })),
    total: Number(row.total),
    answer: isEstimateAnswer(row.answer) ? row.answer : null,
    answeredAt: row.answered_at,
  };
}

/**
 * A ticket's public page by its token: null for a token that is wrong, withdrawn, or whose
 * ticket is in the Корзина. Reads only what the page shows.
 */
export async function findPublicStatus(
  db: Kysely<DB>,
  shopProfile: Pick<ShopProfile, 'get'>,
  token: string,
): Promise<PublicStatusView | null> {
  if (!looksLikeStatusToken(token)) return null;
  const ticket = await db
    .selectFrom('tickets')
    .leftJoin('repair_stages', 'repair_stages.id', 'tickets.stage_id')
    .select([
      'tickets.id',
      'tickets.status',
      'tickets.intake',
      'tickets.return_provider',
      'tickets.device',
      'tickets.created_at',
      'tickets.closed_at',
      'tickets.warranty_days',
      'repair_stages.public_text as stage_text',
      'tickets.lines_total',
      'tickets.paid',
      'tickets.payer_id',
    ])
    .where('tickets.status_token', '=', token)
    .where('tickets.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!ticket) return null;
  const [history, shop, estimate] = await Promise.all([
    db
      .selectFrom('history')
      .select(['new_status', 'ts'])
      .where('item_kind', '=', 'ticket')
      .where('item_id', '=', ticket.id)
      // «Открыть заново» enters a status too (issue 49).
      .where('action', 'in', ['status_change', 'reopen'])
      .where('new_status', 'is not', null)
      .orderBy('ts')
      .orderBy('id')
      .execute(),
    shopProfile.get(),
    db
      .selectFrom('estimates')
      .select(['version', 'lines', 'total', 'answer', 'answered_at'])
      .where('ticket_id', '=', ticket.id)
      .executeTakeFirst(),
  ]);
  return publicStatusView(
    {
      id: ticket.id,
      status: ticket.status,
      intake: isIntake(ticket.intake) ? ticket.intake : 'pvz',
      returnProvider: ticket.return_provider,
      device: ticket.device,
      createdAt: ticket.created_at,
      closedAt: ticket.closed_at,
      warrantyDays: ticket.warranty_days,
      stageText: ticket.stage_text ?? '',
      // A payer's repair: the client owes nothing here.
      due: ticket.payer_id === null ? amountDue(Number(ticket.lines_total), Number(ticket.paid)) : 0,
      estimate: estimate ? publicEstimate(estimate) : null,
    },
    history.map((row) => ({ status: row.new_status!, at: row.ts })),
    { name: shop.name, phone: shop.phone, address: shop.address, hours: shop.hours },
  );
}
