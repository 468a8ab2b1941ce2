import { formatCalendarDate } from './calendar-date';
import { actMoneyTables, receiptMoneyTables, type DocumentMoney, type DocumentTable } from './document-money';
import { formatDateTimeIn } from './date-time';
import { formatPhone } from './phone';
import { DEVICE_FIELDS, type DeviceFieldKey } from './device-fields';
import type { ShopProfileValues } from './shop-profile';
import type { TicketDto } from './ticket-schemas';
import { ticketNumber } from './ticket-number';
import { INTAKE_LABELS } from './ticket-status';
import { localTimeZone, warrantyDaysText, warrantyUntil } from './warranty';

// The papers a repair shop hands over (issue 18): the приёмная квитанция when a device comes
// in, the акт выдачи when it goes back, and a small label stuck on the device. One model per
// paper, built here and drawn twice — as the print page in the browser and as the PDF — so the
// two cannot say different things.

export const TICKET_DOCUMENTS = ['receipt', 'act', 'label'] as const;
export type TicketDocumentKind = (typeof TICKET_DOCUMENTS)[number];

export function isTicketDocumentKind(value: unknown): value is TicketDocumentKind {
  return typeof value === 'string' && (TICKET_DOCUMENTS as readonly string[]).includes(value);
}

export const TICKET_DOCUMENT_TITLES: Record<TicketDocumentKind, string> = {
  receipt: 'Приёмная квитанция',
  act: 'Акт выдачи',
  label: 'Наклейка',
};

/** The PDF's file name: Latin letters only, so every messenger and mail client keeps it. */
const FILE_NAMES: Record<TicketDocumentKind, string> = {
  receipt: 'kvitanciya',
  act: 'akt-vydachi',
  label: 'nakleyka',
};

export interface DocumentField {
  label: string;
  /** '' prints as a dash, so a blank can be filled in by hand. */
  value: string;
  /** Long text: printed under its label across the whole width. */
  long: boolean;
}

export interface DocumentSection {
  heading: string;
  fields: DocumentField[];
}

export interface TicketDocument {
  kind: TicketDocumentKind;
  title: string;
  /** «Заявка #41 от 23.11.2026 14:05», and for the act when it was handed over. */
  subtitle: string;
  number: string;
  fileName: string;
  shop: {
    name: string;
    /** Legal name, ИНН / ОГРН, address, phone, hours: the lines that are filled in. */
    details: string[];
    hasLogo: boolean;
  };
  sections: DocumentSection[];
  /** The sums (issue 50), under the fields. */
  tables: DocumentTable[];
  /** Paragraphs under the fields: the shop's terms on the receipt, the client's statement on the act. */
  notes: string[];
  signatures: { role: string; name: string }[];
  qr: { text: string; caption: string };
}

export interface DocumentContext {
  shop: ShopProfileValues & { hasLogo: boolean };
  /** When the paper is made (the act's date while the ticket is still open). */
  now: string;
  /** Who prints it: the employee who signs the act. */
  employeeName: string;
  /** The ticket's public status page, once there is one (issue 19); else the QR holds the number. */
  statusUrl: string | null;
  /** «Узнать статус» by number and phone (issue 54): the shop's public address + /find; else null. */
  lookupUrl?: string | null;
  /** The link that connects the client to the shop's Telegram bot; null without a bot. */
  telegramLink?: string | null;
  /** The time zone of the person printing (the times on their screen); null: the server's own. */
  timeZone: string | null;
  /** The ticket's lines, payments and estimate (issue 50). */
  money: DocumentMoney;
}

const DASH = '—';

/**
 * Whether a field prints under its label across the whole width: the long texts always, any
 * other value once it has several lines or would wrap in the value column (a long kit list).
 */
export function printsWide(field: DocumentField): boolean {
  return field.long || field.value.includes('\n') || field.value.length > 60;
}

/** A value as printed: a dash for an empty one. */
export function printedValue(value: string): string {
  return value.trim() === '' ? DASH : value;
}

/** A device field as a row; `long` for the texts that need the whole width (the complaint). */
function deviceField(ticket: TicketDto, key: DeviceFieldKey, long = false): DocumentField {
  const field = DEVICE_FIELDS.find((f) => f.key === key)!;
  return { label: field.label, value: ticket[key], long };
}

function shopDetails(shop: ShopProfileValues): string[] {
  const ids = [shop.inn && `ИНН ${shop.inn}`, shop.ogrn && `ОГРН ${shop.ogrn}`].filter(Boolean).join(', ');
  return [
    shop.legalName,
    ids,
    shop.address,
    shop.phone && `Тел.: ${formatPhone(shop.phone)}`,
    shop.hours && `Часы работы: ${shop.hours}`,
  ].filter((line): line is string => Boolean(line));
}

/** «30 дней, до 03.08.2026» once handed over; before that, counted from the handover. */
function warrantyLine(ticket: TicketDto, timeZone: string | null): string {
  const days = ticket.warrantyDays;
  if (!days) return warrantyDaysText(days);
  const until = warrantyUntil(ticket.closedAt, days, timeZone ?? localTimeZone());
  return until
    ? `${warrantyDaysText(days)}, до ${formatCalendarDate(until)}`
    : `${warrantyDaysText(days)} с даты выдачи`;
}

const ACT_STATEMENT =
  'Устройство получил. Комплектность и внешний вид проверены, претензий к выполненным работам не имею.';

function clientSection(ticket: TicketDto): DocumentSection {
  return {
    heading: 'Клиент',
    fields: [
      { label: 'ФИО', value: ticket.clientName, long: false },
      { label: 'Телефон', value: formatPhone(ticket.clientPhone), long: false },
    ],
  };
}

/** The paper of this kind for a ticket, with everything it prints. */
export function ticketDocument(
  kind: TicketDocumentKind,
  ticket: TicketDto,
  context: DocumentContext,
): TicketDocument {
  const number = ticketNumber(ticket.id);
  const time = (iso: string) => formatDateTimeIn(iso, context.timeZone);
  const created = time(ticket.createdAt);
  const base = {
    kind,
    title: TICKET_DOCUMENT_TITLES[kind],
    number,
    fileName: `${FILE_NAMES[kind]}-${ticket.id}.pdf`,
    shop: {
      name: context.shop.name,
      details: shopDetails(context.shop),
      hasLogo: context.shop.hasLogo,
    },
    qr: context.statusUrl
      ? { text: context.statusUrl, caption: 'Статус ремонта по QR-коду' }
      : { text: number, caption: `Заявка ${number}` },
  };

  if (kind === 'label') {
    return {
      ...base,
      subtitle: `от ${created.slice(0, 10)}`,
      sections: [
        {
          heading: '',
          fields: [
            { label: 'Устройство', value: ticket.device, long: false },
            { label: 'S/N', value: ticket.serialNumber, long: false },
            { label: 'Клиент', value: ticket.clientName, long: false },
            { label: 'Тел.', value: formatPhone(ticket.clientPhone), long: false },
          ],
        },
      ],
      tables: [],
      notes: [],
      signatures: [],
    };
  }

  const deviceSection: DocumentSection = {
    heading: 'Устройство',
    fields: [
      { label: 'Тип заявки', value: ticket.title, long: false },
      deviceField(ticket, 'device'),
      deviceField(ticket, 'serialNumber'),
      deviceField(ticket, 'warrantyCard'),
      deviceField(ticket, 'kit'),
      deviceField(ticket, 'condition'),
    ],
  };

  if (kind === 'receipt') {
    return {
      ...base,
      subtitle: `Заявка ${number} от ${created}`,
      sections: [
        clientSection(ticket),
        {
          ...deviceSection,
          fields: [
            ...deviceSection.fields,
            { label: 'Как принят', value: INTAKE_LABELS[ticket.intake], long: false },
            ...(ticket.dueDate
              ? [{ label: 'Срок ремонта', value: formatCalendarDate(ticket.dueDate), long: false }]
              : []),
          ],
        },
        { heading: 'Неисправность', fields: [deviceField(ticket, 'complaint', true)] },
      ],
      tables: receiptMoneyTables(context.money, ticket, context.timeZone),
      notes: [
        ...(context.shop.receiptTerms.trim() ? [context.shop.receiptTerms] : []),
        ...(context.lookupUrl
          ? [`Статус ремонта: ${context.lookupUrl} — номер заявки ${number} и 4 последние цифры телефона.`]
          : []),
        ...(context.telegramLink ? [`Сообщения о ремонте в Telegram: ${context.telegramLink}`] : []),
      ],
      signatures: [
        { role: 'Сдал (клиент)', name: ticket.clientName },
        { role: 'Принял (сотрудник)', name: ticket.createdByName || context.employeeName },
      ],
    };
  }

  // Handed over when the ticket was closed; before that the date is left to write by hand.
  const handedOver = ticket.closedAt ? time(ticket.closedAt) : '«___» ____________ 20___';
  return {
    ...base,
    subtitle: `Заявка ${number} от ${created} · выдано ${handedOver}`,
    sections: [
      clientSection(ticket),
      deviceSection,
      {
        heading: 'Ремонт',
        fields: [
          deviceField(ticket, 'complaint', true),
          // An empty summary above a table of the works done would contradict it.
          ...(ticket.repairSummary.trim() === '' && context.money.lines.length > 0
            ? []
            : [{ label: 'Выполненные работы', value: ticket.repairSummary, long: true }]),
          ...(ticket.warrantyDays === null
            ? []
            : [{ label: 'Гарантия', value: warrantyLine(ticket, context.timeZone), long: false }]),
        ],
      },
    ],
    tables: actMoneyTables(context.money, ticket),
    notes: [ACT_STATEMENT],
    signatures: [
      { role: 'Выдал (сотрудник)', name: context.employeeName },
      { role: 'Получил (клиент)', name: ticket.clientName },
    ],
  };
}
