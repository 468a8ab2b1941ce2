import { EMPTY_SHOP_PROFILE } from '../src/domain/shop-profile';
import { ticketDocument } from '../src/domain/ticket-documents';
import { renderTicketPdf } from '../src/server/documents/ticket-pdf';
const TICKET = { id: 7, title: 'Замена SSD', description: '', repairSummary: 'Заменён накопитель', dueDate: null, clientId: 1, clientName: 'Иванов Иван', clientPhone: '+7 912 345-67-89', clientWhatsappUrl: null, status: 'new', intake: 'walk_in', statusSince: '2026-11-21T08:00:00.000Z', assigneeId: null, assigneeName: '', deliveryProvider: null, returnProvider: null, createdBy: null, createdByName: '', createdAt: '2026-11-20T08:00:00.000Z', updatedAt: '2026-11-21T08:00:00.000Z', closedAt: null, version: 3, deletedAt: null, deletedByName: '', clientInTrash: false, device: 'Ноутбук ASUS', serialNumber: 'SN123', kit: 'зарядка', condition: 'царапины', complaint: 'не включается', warrantyCard: '' } as never;
const document = ticketDocument('receipt', TICKET, { shop: { ...EMPTY_SHOP_PROFILE, name: 'Сервис', hasLogo: false }, now: '2026-11-22T09:00:00.000Z', employeeName: 'Мастеров Максим', statusUrl: 'http://localhost:3000/s/abc', timeZone: null });
const times: number[] = [];
for (let i = 0; i < 40; i++) { const t = performance.now(); await renderTicketPdf({ document, logo: null, createdAt: new Date() }); times.push(performance.now() - t); }
times.sort((a, b) => a - b);
console.log('median', times[20]!.toFixed(1), 'p95', times[37]!.toFixed(1), 'first', 'rss', (process.memoryUsage().rss / 1e6).toFixed(0));
