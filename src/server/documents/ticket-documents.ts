import type { DocumentMoney } from '../../domain/document-money';
import { ticketDocument, type TicketDocument, type TicketDocumentKind } from '../../domain/ticket-documents';
import { type Clock, isoNow } from '../clock';
import type { ShopLogo } from '../settings/shop-logo';
import type { ShopProfile } from '../settings/shop-profile';
import type { TicketsService } from '../tickets/tickets.service';
import type { Actor } from '../http/actor';
import { qrSvg } from './qr-code';
import type { TicketTypes } from '../ticket-types/ticket-types.service';
import { renderTicketPdf } from './ticket-pdf';

/** Who asks, and how their screen reads times and reaches the app. */
export interface DocumentRequest {
  actor: Actor;
  /** The printing person's time zone; null: the server's. */
  timeZone: string | null;
  /**
   * Where clients reach the app (PUBLIC_URL). Without it the QR code holds the ticket's number:
   * the address staff use inside the shop is no use on a client's phone.
   */
  origin: string | null;
}

/** A ticket's papers: the model the print page draws, and the same model as a PDF. */
export function createTicketDocuments({
  tickets,
  ticketTypes,
  shopProfile,
  shopLogo,
  clock,
  readMoney,
  telegramLink = async () => null,
}: {
  tickets: Pick<TicketsService, 'get' | 'closedPapers'>;
  ticketTypes: Pick<TicketTypes, 'printedTitleOf'>;
  shopProfile: Pick<ShopProfile, 'get'>;
  shopLogo: Pick<ShopLogo, 'url' | 'read'>;
  clock: Clock;
  readMoney: (id: number) => Promise<DocumentMoney>;
  /** The ticket's link to the shop's Telegram bot, printed on the receipt; null without one. */
  telegramLink?: (id: number) => Promise<string | null>;
}) {
  async function build({ actor, timeZone, origin }: DocumentRequest, id: number, kind: TicketDocumentKind) {
    const [open, shop, logoUrl, closed, money] = await Promise.all([
      tickets.get(id),
      shopProfile.get(),
      shopLogo.url(),
      tickets.closedPapers(id),
      readMoney(id),
    ]);
    // «Тип заявки» prints the type's printed title (a paid repair is not «Гарантийный ремонт»).
    const current = { ...open, title: await ticketTypes.printedTitleOf(open.title) };
    // A closed ticket prints what it held when it was closed (the act the client signed).
    const ticket = closed
      ? {
          ...current,
          clientName: closed.clientName,
          clientPhone: closed.clientPhone,
          title: closed.typeTitle,
        }
      : current;
    const document: TicketDocument = ticketDocument(kind, ticket, {
      shop: { ...(closed?.shop ?? shop), hasLogo: logoUrl !== null },
      now: isoNow(clock),
      employeeName: closed?.handedOverBy || actor.displayName,
      statusUrl: origin ? `${origin}${ticket.statusPath}` : null,
      lookupUrl: origin ? `${origin}/find` : null,
      telegramLink: kind === 'receipt' && !closed ? await telegramLink(id) : null,
      timeZone,
      money,
    });
    return { document, logoUrl };
  }

  return {
    async page(request: DocumentRequest, id: number, kind: TicketDocumentKind) {
      const { document, logoUrl } = await build(request, id, kind);
      return { document, logoUrl, qrSvg: qrSvg(document.qr.text) };
    },

    async pdf(request: DocumentRequest, id: number, kind: TicketDocumentKind) {
      const { document } = await build(request, id, kind);
      const logo = document.shop.hasLogo ? await shopLogo.read() : null;
      const bytes = await renderTicketPdf({ document, logo, createdAt: clock.now() });
      return { document, bytes };
    },
  };
}
export type TicketDocuments = ReturnType<typeof createTicketDocuments>;
