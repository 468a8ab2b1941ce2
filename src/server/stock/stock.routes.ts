import type { FastifyRequest } from 'fastify';
import { positionBefore } from '../../domain/list-queries';
import { PART_NOT_FOUND, RECEIPT_NOT_FOUND, SUPPLIER_NOT_FOUND, type PartDto } from '../../domain/stock';
import {
  countInput,
  partImportInput,
  partInput,
  partListQuery,
  partPatch,
  receiptInput,
  reversalInput,
  supplierInput,
  supplierPatch,
} from '../../domain/stock-schemas';
import { z } from '../../domain/zod-ru';
import { actorOf } from '../http/actor';
import { sessionOf } from '../http/current-user';
import { parseId, parsePayload } from '../http/parse';
import type { RouteScopes } from '../http/route-scopes';
import type { PartImport } from './part-import.service';
import type { Parts } from './parts.service';
import type { Receipts } from './receipts.service';
import type { StockCounts } from './stock-counts.service';
import type { Suppliers } from './suppliers.service';

type WithId = { Params: { id: string } };

/** Purchase prices go with «Склад» (issue 52): others see a part without them. */
function asSeenBy<T extends PartDto | null>(request: FastifyRequest, part: T): T {
  if (part === null || sessionOf(request).permissions.includes('stock.manage')) return part;
  return { ...part, lastCost: null, avgCost: null };
}

export interface StockServices {
  parts: Parts;
  suppliers: Suppliers;
  receipts: Receipts;
  counts: StockCounts;
  partImport: PartImport;
}

const movesQuery = z.object({ cursor: positionBefore });
const barcodeQuery = z.object({
  code: z.string().trim().min(1, 'Введите штрихкод').max(48, 'Штрихкод длиннее 48 знаков'),
});
const placeQuery = z.object({ place: z.string().max(120).default('') });
const cursorQuery = z.object({ cursor: z.string().max(400).optional() });

/**
 * Parts and stock (issue 51). Everyone finds parts (a repair takes them); «Склад» keeps the
 * catalogue, receive goods, count stock and import (the purchase list: export/purchase.routes.ts).
 */
export function registerStockRoutes({ staff, permitted }: RouteScopes, stock: StockServices) {
  const keepers = permitted('stock.manage');
  const { parts, suppliers, receipts, counts, partImport } = stock;
  const partId = (request: FastifyRequest<WithId>) => parseId(request.params.id, PART_NOT_FOUND);

  staff.get('/api/parts', async (request) => {
    const page = await parts.list(parsePayload(partListQuery, request.query));
    return { ...page, items: page.items.map((part) => asSeenBy(request, part)) };
  });

  // A scanned or typed barcode: the part, or { part: null } when it is not in the catalogue.
  staff.get('/api/parts/barcode', async (request) => ({
    part: asSeenBy(request, await parts.byBarcode(parsePayload(barcodeQuery, request.query).code)),
  }));

  staff.get('/api/stock/places', async () => ({ places: await parts.places() }));

  staff.get<WithId>('/api/parts/:id', async (request) => ({
    part: asSeenBy(request, await parts.get(partId(request))),
  }));

  staff.get<WithId>('/api/parts/:id/moves', async (request) =>
    parts.moves(partId(request), parsePayload(movesQuery, request.query).cursor),
  );

  keepers.post('/api/parts', async (request, reply) => {
    const part = await parts.create(parsePayload(partInput, request.body));
    return reply.status(201).send({ part });
  });

  keepers.patch<WithId>('/api/parts/:id', async (request) => ({
    part: await parts.update(partId(request), parsePayload(partPatch, request.body)),
  }));

  keepers.delete<WithId>('/api/parts/:id', async (request, reply) => {
    await parts.remove(partId(request));
    return reply.status(204).send();
  });

  staff.get('/api/suppliers', async () => ({ suppliers: await suppliers.list() }));

  keepers.post('/api/suppliers', async (request, reply) => {
    const supplier = await suppliers.create(parsePayload(supplierInput, request.body));
    return reply.status(201).send({ supplier });
  });

  keepers.patch<WithId>('/api/suppliers/:id', async (request) => ({
    supplier: await suppliers.update(
      parseId(request.params.id, SUPPLIER_NOT_FOUND),
      parsePayload(supplierPatch, request.body),
    ),
  }));

  keepers.delete<WithId>('/api/suppliers/:id', async (request, reply) => {
    await suppliers.remove(parseId(request.params.id, SUPPLIER_NOT_FOUND));
    return reply.status(204).send();
  });

  keepers.get('/api/stock/receipts', async (request) =>
    receipts.list(parsePayload(cursorQuery, request.query).cursor),
  );

  keepers.get<WithId>('/api/stock/receipts/:id', async (request) => ({
    receipt: await receipts.get(parseId(request.params.id, RECEIPT_NOT_FOUND)),
  }));

  keepers.post('/api/stock/receipts', async (request, reply) => {
    const input = parsePayload(receiptInput, request.body);
    return reply.status(201).send({ receipt: await receipts.create(actorOf(request), input) });
  });

  keepers.post<WithId>('/api/stock/receipts/:id/reverse', async (request, reply) => {
    const id = parseId(request.params.id, RECEIPT_NOT_FOUND);
    const { reason } = parsePayload(reversalInput, request.body);
    return reply.status(201).send({ receipt: await receipts.reverse(actorOf(request), id, reason) });
  });

  keepers.get('/api/stock/count-sheet', async (request) => ({
    parts: await counts.sheet(parsePayload(placeQuery, request.query).place),
  }));

  keepers.post('/api/stock/counts', async (request, reply) => {
    const input = parsePayload(countInput, request.body);
    return reply.status(201).send({ count: await counts.record(actorOf(request), input) });
  });

  // A catalogue file up to 20 MB as JSON text: 50,000 parts fit with room to spare.
  keepers.post('/api/parts/import', { bodyLimit: 25 * 1024 * 1024 }, async (request) => {
    const { csv, dryRun } = parsePayload(partImportInput, request.body);
    return { report: await partImport.run(actorOf(request), csv, dryRun) };
  });
}
