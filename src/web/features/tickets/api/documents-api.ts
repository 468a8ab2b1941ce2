import { useQuery } from '@tanstack/react-query';
import type { TicketDocument, TicketDocumentKind } from '../../../../domain/ticket-documents';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface TicketDocumentPage {
  document: TicketDocument;
  /** The QR code as an SVG made by the server (the PDF draws the same code). */
  qrSvg: string;
  logoUrl: string | null;
}

/** The times on the paper are the ones on this screen, whatever zone the server runs in. */
function timeZoneQuery(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? `?tz=${encodeURIComponent(zone)}` : '';
}

export const useTicketDocument = (id: number, kind: TicketDocumentKind) =>
  useQuery({
    queryKey: queryKeys.tickets.document(id, kind),
    queryFn: () => api<TicketDocumentPage>(`/api/tickets/${id}/documents/${kind}${timeZoneQuery()}`),
  });

export const documentPdfUrl = (id: number, kind: TicketDocumentKind) =>
  `/api/tickets/${id}/documents/${kind}/pdf${timeZoneQuery()}`;
