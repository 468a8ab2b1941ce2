import type { FastifyRequest } from 'fastify';
import {
  PAY_OWN,
  payCorrectionInput,
  payMarkPaidInput,
  payRuleInput,
  payStatementQuery,
} from '../../domain/pay';
import { reportFileFormat } from '../../domain/reports';
import { OWNER } from '../../domain/roles';
import { AppError } from '../errors';
import type { Clock } from '../clock';
import { datedFileStem } from '../export/csv-download';
import { actorOf } from '../http/actor';
import { parseId, parsePayload } from '../http/parse';
import type { RouteScopes } from '../http/route-scopes';
import { userOf } from '../http/current-user';
import { sendReportFile } from '../reports/report-files';
import { paySheet } from './pay-sheet';
import type { Pay } from './pay.service';

type WithId = { Params: { id: string } };
const PERSON_NOT_FOUND = 'Сотрудник не найден';
const fileQuery = payStatementQuery.extend({
  format: reportFileFormat,
});

/**
 * Technician pay (issue 53): rules, statements, payouts and corrections need «Видеть зарплаты»;
 * everyone reads their own statement.
 */
export function registerPayRoutes(
  { staff, permitted }: RouteScopes,
  { pay, clock, timeZone }: { pay: Pay; clock: Clock; timeZone: () => Promise<string> },
) {
  const keepers = permitted('pay');
  const personId = (request: FastifyRequest<WithId>) => parseId(request.params.id, PERSON_NOT_FOUND);
  /** Whose pay a write changes: never one's own, unless the owner's (no one approves their own). */
  const otherPerson = (request: FastifyRequest<WithId>) => {
    const id = personId(request);
    const me = userOf(request);
    if (id === me.id && me.role !== OWNER) throw new AppError('forbidden', PAY_OWN);
    return id;
  };

  staff.get('/api/pay/mine', async (request) => {
    const { month } = parsePayload(payStatementQuery, request.query);
    const statement = await pay.statement(userOf(request).id, month);
    // A repair's margin tells what parts cost («Склад»): shown only to whom it earns a share of it.
    if (statement.rule.marginShare > 0) return { statement };
    return {
      statement: { ...statement, repairs: statement.repairs.map((line) => ({ ...line, margin: 0 })) },
    };
  });

  keepers.get('/api/pay/people', async () => ({ people: await pay.people() }));

  keepers.put<WithId>('/api/pay/rules/:id', async (request) => {
    const rule = parsePayload(payRuleInput, request.body);
    await pay.setRule(otherPerson(request), rule);
    return { people: await pay.people() };
  });

  keepers.get('/api/pay/statements', async (request) => {
    const { month } = parsePayload(payStatementQuery, request.query);
    const people = await pay.people();
    const statements = [];
    for (const person of people) statements.push(await pay.statement(person.userId, month));
    return { statements };
  });

  keepers.get<WithId>('/api/pay/statements/:id', async (request) => ({
    statement: await pay.statement(personId(request), parsePayload(payStatementQuery, request.query).month),
  }));

  keepers.post<WithId>('/api/pay/statements/:id/paid', async (request) => {
    const { month, expectedTotal } = parsePayload(payMarkPaidInput, request.body);
    return { statement: await pay.markPaid(actorOf(request), otherPerson(request), month, expectedTotal) };
  });

  keepers.post<WithId>('/api/pay/statements/:id/corrections', async (request, reply) => {
    const input = parsePayload(payCorrectionInput, request.body);
    const statement = await pay.addCorrection(actorOf(request), otherPerson(request), input);
    return reply.status(201).send({ statement });
  });

  keepers.get<WithId>('/api/pay/statements/:id/export', async (request, reply) => {
    const { month, format } = parsePayload(fileQuery, request.query);
    const zone = await timeZone();
    const id = personId(request);
    const sheets = [paySheet(await pay.statement(id, month), zone)];
    const name = datedFileStem(`zarplata-${id}-${month}`, zone, clock.now());
    return sendReportFile(reply, name, format, sheets);
  });
}
