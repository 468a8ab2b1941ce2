import type { FastifyRequest } from 'fastify';
import {
  LINE_NOT_FOUND,
  PAYMENT_KIND_MISMATCH,
  paymentInput,
  ticketLineInput,
  ticketLinePatch,
} from '../../domain/money-schemas';
import { AppError } from '../errors';
import { ticketPayerInput } from '../../domain/payer-schemas';
import { actorOf } from '../http/actor';
import { parseId, parsePayload } from '../http/parse';
import type { RouteScopes } from '../http/route-scopes';
import { TICKET_NOT_FOUND_MESSAGE } from '../work-items/item-kind';
import type { Estimates } from './estimate.service';
import type { TicketMoney } from './ticket-money.service';

type WithId = { Params: { id: string } };
type WithLine = { Params: { id: string; lineId: string } };

/**
 * A ticket's lines and payments (issue 50): every employee keeps the lines; taking money and
 * giving it back are each a permission (issue 52), so they are two routes.
 */
export function registerTicketMoneyRoutes(
  { staff, permitted }: RouteScopes,
  { money, estimates }: { money: TicketMoney; estimates: Estimates },
) {
  const ticketId = (request: FastifyRequest<WithId>) => parseId(request.params.id, TICKET_NOT_FOUND_MESSAGE);
  const lineId = (request: FastifyRequest<WithLine>) => parseId(request.params.lineId, LINE_NOT_FOUND);

  staff.get<WithId>('/api/tickets/:id/money', async (request) => ({
    money: await money.read(ticketId(request)),
  }));

  staff.post<WithId>('/api/tickets/:id/lines', async (request, reply) => {
    const input = parsePayload(ticketLineInput, request.body);
    return reply.status(201).send({ money: await money.addLine(actorOf(request), ticketId(request), input) });
  });

  staff.patch<WithLine>('/api/tickets/:id/lines/:lineId', async (request) => ({
    money: await money.editLine(
      actorOf(request),
      ticketId(request),
      lineId(request),
      parsePayload(ticketLinePatch, request.body),
    ),
  }));

  staff.delete<WithLine>('/api/tickets/:id/lines/:lineId', async (request) => ({
    money: await money.deleteLine(actorOf(request), ticketId(request), lineId(request)),
  }));

  for (const [kind, permission, path] of [
    ['payment', 'payments.take', '/api/tickets/:id/payments'],
    ['refund', 'payments.refund', '/api/tickets/:id/refunds'],
  ] as const) {
    permitted(permission).post<WithId>(path, async (request, reply) => {
      const input = parsePayload(paymentInput, request.body);
      // A page from before the split must not record a refund as a payment.
      if (input.kind !== kind) throw new AppError('bad_request', PAYMENT_KIND_MISMATCH);
      return reply.status(201).send({ money: await money.pay(actorOf(request), ticketId(request), input) });
    });
  }

  staff.put<WithId>('/api/tickets/:id/payer', async (request) => ({
    money: await money.setPayer(
      actorOf(request),
      ticketId(request),
      parsePayload(ticketPayerInput, request.body).payerId,
    ),
  }));

  // «Отправить смету»: the lines as they are now become the version the client answers.
  staff.post<WithId>('/api/tickets/:id/estimate', async (request) => {
    const id = ticketId(request);
    await estimates.send(actorOf(request), id);
    return { money: await money.read(id) };
  });
}
