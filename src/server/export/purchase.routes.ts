import { plainRubles } from '../../domain/money';
import { toOrder, type PartDto } from '../../domain/stock';
import type { Clock } from '../clock';
import type { RouteScopes } from '../http/route-scopes';
import { csvFileName, csvPages, sendCsv } from './csv-download';

/** «Список закупки» (issue 51): what is running out and how many to order, for the supplier. */
export function registerPurchaseExportRoutes(
  { permitted }: RouteScopes,
  { low, clock, timeZone }: { low: () => Promise<PartDto[]>; clock: Clock; timeZone: () => Promise<string> },
) {
  permitted('stock.manage').get('/api/export/purchase.csv', async (_request, reply) => {
    const parts = await low();
    const body = await csvPages(
      [
        'Название',
        'Артикул',
        'Штрихкод',
        'Место',
        'Свободно',
        'Минимум',
        'Заказать',
        'Цена закупки (₽)',
        'Сумма (₽)',
      ],
      async () => ({ items: parts, nextCursor: null }),
      (part) => [
        part.name,
        part.article,
        part.barcode,
        part.place,
        part.available,
        part.minQty,
        toOrder(part),
        plainRubles(part.lastCost ?? 0),
        plainRubles(toOrder(part) * (part.lastCost ?? 0)),
      ],
    );
    return sendCsv(reply, csvFileName('zakupka', await timeZone(), clock.now()), body);
  });
}
