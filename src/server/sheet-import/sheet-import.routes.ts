import fsp from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { importMappingInput, type ImportMappingInput } from '../../domain/crm-import-schemas';
import { AppError } from '../errors';
import type { FileStore } from '../files/file-store';
import { discardTemps, receiveUploads } from '../files/receive-uploads';
import type { UploadLimits } from '../files/upload-limits';
import { actorOf } from '../http/actor';
import type { RouteScopes } from '../http/route-scopes';
import { parseId, parsePayload } from '../http/parse';
import type { SheetImports } from './sheet-import.service';

type WithId = { Params: { id: string } };

/** The one file of the request, its bytes, and the mapping sent beside it (field `mapping`, JSON). */
async function sheetUpload(
  request: FastifyRequest,
  store: FileStore,
  limits: UploadLimits,
): Promise<{ name: string; bytes: Buffer; mapping: ImportMappingInput | null }> {
  const fields: Record<string, string> = {};
  const received = await receiveUploads(request, store, { limits, imagesOnly: false, fields });
  try {
    if (received.length !== 1) throw new AppError('bad_request', 'Загрузите один файл .xlsx или .csv');
    const [file] = received;
    let mapping: unknown = null;
    if (fields.mapping !== undefined) {
      try {
        mapping = JSON.parse(fields.mapping) as unknown;
      } catch {
        throw new AppError('bad_request', 'Сопоставление столбцов не читается: обновите страницу');
      }
    }
    return {
      name: file!.name,
      bytes: await fsp.readFile(file!.tempPath),
      mapping: mapping === null ? null : parsePayload(importMappingInput, mapping),
    };
  } finally {
    await discardTemps(received);
  }
}

/** Moving in from another repair system's spreadsheet (issue 56): for those who may change settings. */
export function registerSheetImportRoutes(
  { permitted }: RouteScopes,
  { imports, store, uploadLimits }: { imports: SheetImports; store: FileStore; uploadLimits: UploadLimits },
) {
  const admins = permitted('settings');
  const batchId = (request: FastifyRequest<WithId>) => parseId(request.params.id, 'Загрузка не найдена');

  admins.post('/api/sheet-import/preview', async (request) => {
    const { bytes, mapping } = await sheetUpload(request, store, uploadLimits);
    return imports.preview(bytes, mapping);
  });

  admins.post('/api/sheet-import', async (request, reply) => {
    const { name, bytes, mapping } = await sheetUpload(request, store, uploadLimits);
    if (!mapping) throw new AppError('bad_request', 'Сначала сопоставьте столбцы');
    return reply.status(202).send({ batch: await imports.start(actorOf(request), name, bytes, mapping) });
  });

  admins.get('/api/sheet-import', async () => ({ batches: await imports.list() }));

  admins.get<WithId>('/api/sheet-import/:id', async (request) => ({
    batch: await imports.getBatch(batchId(request)),
  }));

  admins.post<WithId>('/api/sheet-import/:id/undo', async (request) => ({
    batch: await imports.undo(actorOf(request), batchId(request)),
  }));
}
