import type { FastifyRequest } from 'fastify';
import { isTicketDocumentKind, type TicketDocumentKind } from '../../domain/ticket-documents';
import { isTimeZone } from '../../domain/date-time';
import { isOpenableOutside } from '../../domain/public-address';
import { AppError } from '../errors';
import type { RouteScopes } from '../http/route-scopes';
import { parseId } from '../http/parse';
import { TICKET_NOT_FOUND_MESSAGE } from '../work-items/item-kind';
import { actorOf } from '../http/actor';
import type { DocumentRequest, TicketDocuments } from './ticket-documents';

type WithKind = { Params: { id: string; kind: string }; Querystring: { tz?: unknown } };

/** The printing person's time zone (`?tz=Europe/Moscow`); anything unknown falls back to the server's. */
function timeZoneOf(request: FastifyRequest<WithKind>): string | null {
  const { tz } = request.query;
  return typeof tz === 'string' && isTimeZone(tz) ? tz : null;
}

function kindOf(request: FastifyRequest<WithKind>): TicketDocumentKind {
  const { kind } = request.params;
  if (!isTicketDocumentKind(kind)) throw new AppError('not_found', 'Такого документа нет');
  return kind;
}

/** RFC 6266: a Latin fallback name and the same name in UTF-8. */
function attachment(fileName: string): string {
  return `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function registerDocumentsRoutes(
  { staff }: RouteScopes,
  {
    documents,
    publicAddress,
  }: { documents: TicketDocuments; publicAddress: { get(): Promise<string | null> } },
) {
  // The shop's public address, else the one this page was asked at if a client could open it too
  // (as the message dialog does); otherwise no link or QR code: the client could not open it.
  const requestOf = async (request: FastifyRequest<WithKind>): Promise<DocumentRequest> => {
    const here = `${request.protocol}://${request.host}`;
    return {
      actor: actorOf(request),
      timeZone: timeZoneOf(request),
      origin: (await publicAddress.get()) ?? (isOpenableOutside(here) ? here : null),
    };
  };
  const ticketId = (request: FastifyRequest<WithKind>) =>
    parseId(request.params.id, TICKET_NOT_FOUND_MESSAGE);

  // What the print page draws (the PDF draws the same model).
  staff.get<WithKind>('/api/tickets/:id/documents/:kind', async (request) => {
    return documents.page(await requestOf(request), ticketId(request), kindOf(request));
  });

  staff.get<WithKind>('/api/tickets/:id/documents/:kind/pdf', async (request, reply) => {
    const { document, bytes } = await documents.pdf(
      await requestOf(request),
      ticketId(request),
      kindOf(request),
    );
    request.log.info({ ticketId: request.params.id, kind: document.kind }, 'document printed as PDF');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(document.fileName))
      .send(bytes);
  });
}
