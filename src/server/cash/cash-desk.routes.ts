import type { FastifyRequest } from 'fastify';
import { SHIFT_NOT_FOUND } from '../../domain/cash-desk';
import {
  cashMoveInput,
  closeShiftInput,
  openShiftInput,
  shiftListQuery,
} from '../../domain/cash-desk-schemas';
import type { Clock } from '../clock';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { actorOf } from '../http/actor';
import { parseId, parsePayload } from '../http/parse';
import type { RouteScopes } from '../http/route-scopes';
import type { CashDesk } from './cash-desk.service';
import { readTakings } from './takings';

type WithId = { Params: { id: string } };

/** The cash desk and the day's takings (issue 50), for those allowed «Касса» (issue 52). */
export function registerCashDeskRoutes(
  { staff, permitted }: RouteScopes,
  {
    desk,
    db,
    clock,
    timeZone,
  }: { desk: CashDesk; db: Kysely<DB>; clock: Clock; timeZone: () => Promise<string> },
) {
  const shiftId = (request: FastifyRequest<WithId>) => parseId(request.params.id, SHIFT_NOT_FOUND);
  const cashiers = permitted('cash.shift');

  // Anyone taking a payment is told when no shift is open; the shift itself is «Касса»'s.
  staff.get('/api/cash/open', async () => ({ open: await desk.isOpen() }));

  cashiers.get('/api/cash/current', async () => ({ shift: await desk.current() }));

  cashiers.post('/api/cash/shifts', async (request, reply) => {
    const input = parsePayload(openShiftInput, request.body);
    return reply.status(201).send({ shift: await desk.open(actorOf(request), input) });
  });

  cashiers.post('/api/cash/moves', async (request, reply) => {
    const input = parsePayload(cashMoveInput, request.body);
    return reply.status(201).send({ shift: await desk.move(actorOf(request), input) });
  });

  cashiers.post<WithId>('/api/cash/shifts/:id/close', async (request) => ({
    shift: await desk.close(actorOf(request), shiftId(request), parsePayload(closeShiftInput, request.body)),
  }));

  cashiers.get('/api/cash/shifts', async (request) =>
    desk.list(parsePayload(shiftListQuery, request.query).cursor ?? null),
  );

  cashiers.get<WithId>('/api/cash/shifts/:id', async (request) => ({
    shift: await desk.report(shiftId(request)),
  }));

  cashiers.get('/api/cash/takings', async () => ({
    takings: await readTakings(db, await timeZone(), clock.now()),
  }));
}
