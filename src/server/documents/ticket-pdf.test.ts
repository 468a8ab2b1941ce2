import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EMPTY_SHOP_PROFILE } from '../../domain/shop-profile';
import { ticketDocument } from '../../domain/ticket-documents';
import type { TicketDto } from '../../domain/ticket-schemas';
import { renderTicketPdf } from './ticket-pdf';

const TICKET: TicketDto = {
  id: 7,
  title: 'Замена SSD',
  description: '',
  repairSummary: '',
  dueDate: null,
  clientId: 1,
  clientName: 'Длиннотекстов Дмитрий',
  clientPhone: '',
  clientWhatsappUrl: null,
  status: 'closed',
  intake: 'walk_in',
  statusSince: '2026-11-21T08:00:00.000Z',
  assigneeId: null,
  assigneeName: '',
  deliveryProvider: null,
  returnProvider: null,
  createdBy: null,
  createdByName: '',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-21T08:00:00.000Z',
  closedAt: '2026-11-21T08:00:00.000Z',
  reopensTo: 'notify_client',
  warrantyDays: 30,
  returnOf: null,
  stageId: null,
  stageSince: null,
  version: 3,
  deletedAt: null,
  deletedByName: '',
  clientInTrash: false,
  device: '',
  serialNumber: '',
  kit: '',
  condition: '',
  complaint: '',
  warrantyCard: '',
};

const NO_MONEY = { lines: [], payments: [], estimate: null, payer: null };

const run = (tool: string, args: string[], input: Buffer) =>
  execFileSync(tool, [...args], { input, encoding: 'utf8' });

describe('ticket PDF', () => {
  it('flows the longest texts the fields allow onto more pages, losing no line', async () => {
    const words = (n: number, mark: string) => Array.from({ length: n }, (_, i) => `${mark}${i}`).join(' ');
    const ticket = {
      ...TICKET,
      complaint: `${words(250, 'ж')} КОНЕЦЖАЛОБЫ`,
      repairSummary: `${words(700, 'р')} КОНЕЦРЕМОНТА`,
    };
    const document = ticketDocument('act', ticket, {
      shop: { ...EMPTY_SHOP_PROFILE, hasLogo: false },
      now: '2026-11-22T09:00:00.000Z',
      employeeName: 'Мастеров Максим',
      statusUrl: null,
      timeZone: null,
      money: NO_MONEY,
    });
    const pdf = await renderTicketPdf({ document, logo: null, createdAt: new Date('2026-11-22T09:00:00Z') });
    const pages = Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', ['-'], pdf))?.[1]);
    expect(pages).toBeGreaterThan(1);
    const text = run('pdftotext', ['-enc', 'UTF-8', '-', '-'], pdf);
    expect(text).toContain('КОНЕЦЖАЛОБЫ');
    expect(text).toContain('КОНЕЦРЕМОНТА');
    expect(text).toContain('Получил (клиент)');
    // Empty requisites and fields print as blanks to fill in by hand, not as errors.
    expect(text).toContain('Серийный номер / IMEI');
  });

  it('makes the same file twice from the same ticket (no clock inside)', async () => {
    const document = ticketDocument('receipt', TICKET, {
      shop: { ...EMPTY_SHOP_PROFILE, hasLogo: false },
      now: '2026-11-22T09:00:00.000Z',
      employeeName: 'Мастеров Максим',
      statusUrl: null,
      timeZone: null,
      money: NO_MONEY,
    });
    const at = new Date('2026-11-22T09:00:00Z');
    const [a, b] = await Promise.all([
      renderTicketPdf({ document, logo: null, createdAt: at }),
      renderTicketPdf({ document, logo: null, createdAt: at }),
    ]);
    expect(a.equals(b)).toBe(true);
  });
});
