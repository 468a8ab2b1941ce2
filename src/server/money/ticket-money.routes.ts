import type { FastifyRequest } from 'fastify';
import { LINE_NOT_FOUND, paymentInput, ticketLineInput, ticketLinePatch } from '../../domain/money-schemas';
import { ticketPayerInput } from '../../domain/payer-schemas';
import { actorOf } from '../http/actor';
import { parseId, parsePayload } from '../http/parse';
import type { RouteScopes } from '../http/route-scopes';
import { TICKET_NOT_FOUND_MESSAGE } from '../work-items/item-kind';
import type { Estimates } from './estimate.service';
import type { TicketMoney } from './ticket-money.service';

type WithId = { Params: { id: string } };
type WithLine = { Params: { id: string; lineId: string } };

/** A ticket's lines and payments (issue 50): every employee keeps them, the server checks each rule. */
export function registerTicketMoneyRoutes(
  { staff }: RouteScopes,
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

  staff.post<WithId>('/api/tickets/:id/payments', async (request, reply) => {
    const input = parsePayload(paymentInput, request.body);
    return reply.status(201).send({ money: await money.pay(actorOf(request), ticketId(request), input) });
  });

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
