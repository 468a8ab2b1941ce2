import { ticketDocument, type TicketDocument, type TicketDocumentKind } from '../../domain/ticket-documents';
import type { Clock } from '../clock';
import type { ShopLogo } from '../settings/shop-logo';
import type { ShopProfile } from '../settings/shop-profile';
import type { TicketsService } from '../tickets/tickets.service';
import type { Actor } from '../work-items/actor';
import { qrSvg } from './qr-code';
import { renderTicketPdf } from './ticket-pdf';

/** A ticket's papers: the model the print page draws, and the same model as a PDF. */
export function createTicketDocuments({
  tickets,
  shopProfile,
  shopLogo,
  clock,
}: {
  tickets: Pick<TicketsService, 'get'>;
  shopProfile: Pick<ShopProfile, 'get'>;
  shopLogo: Pick<ShopLogo, 'url' | 'read'>;
  clock: Clock;
}) {
  async function build(actor: Actor, id: number, kind: TicketDocumentKind, timeZone: string | null) {
    const [ticket, shop, logoUrl] = await Promise.all([tickets.get(id), shopProfile.get(), shopLogo.url()]);
    const document: TicketDocument = ticketDocument(kind, ticket, {
      shop: { ...shop, hasLogo: logoUrl !== null },
      now: clock.now().toISOString(),
      employeeName: actor.displayName,
      // The public status page comes with issue 19; until then the code holds the number.
      statusUrl: null,
      timeZone,
    });
    return { document, logoUrl };
  }

  return {
    async page(actor: Actor, id: number, kind: TicketDocumentKind, timeZone: string | null) {
      const { document, logoUrl } = await build(actor, id, kind, timeZone);
      return { document, logoUrl, qrSvg: qrSvg(document.qr.text) };
    },

    async pdf(actor: Actor, id: number, kind: TicketDocumentKind, timeZone: string | null) {
      const { document } = await build(actor, id, kind, timeZone);
      const logo = document.shop.hasLogo ? await shopLogo.read() : null;
      const bytes = await renderTicketPdf({ document, logo, createdAt: clock.now() });
      return { document, bytes };
    },
  };
}
export type TicketDocuments = ReturnType<typeof createTicketDocuments>;
