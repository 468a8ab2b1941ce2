import { AppError } from '../errors';
import type { RouteScopes } from '../http/route-scopes';
import { parseId } from '../http/parse';
import { displayFileName } from './file-names';
import { FileNotFoundError, type FileStore } from './file-store';
import { findFile } from './files.repository';
import type { Database } from '../db/database';

const FILE_NOT_FOUND = 'Файл не найден';
// Only types proven by the bytes are shown in the browser; everything else is downloaded.
// A file id is never reused for other bytes, but a file can be deleted: the browser
// keeps its copy only privately and asks again (a cheap 304) before showing it.
const FILE_CACHE = 'private, no-cache';
const INLINE_TYPES = /^(image\/(jpeg|png|webp|gif|avif)|application\/pdf)$/;

function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Files are served only to signed-in users, never executed, never sniffed. */
export function registerFilesRoutes(
  { staff }: RouteScopes,
  { database, store }: { database: Database; store: FileStore },
) {
  staff.get<{ Params: { id: string }; Querystring: { download?: string } }>(
    '/api/files/:id',
    async (request, reply) => {
      const row = await findFile(database.db, parseId(request.params.id, FILE_NOT_FOUND));
      if (!row) throw new AppError('not_found', FILE_NOT_FOUND);
      const inline = INLINE_TYPES.test(row.mime) && request.query.download === undefined;
      const etag = `"f${row.id}-${row.size}"`;
      if (request.headers['if-none-match'] === etag) {
        return reply.status(304).header('etag', etag).header('cache-control', FILE_CACHE).send();
      }
      try {
        const stream = await store.read(row.path);
        return reply
          .header('content-type', inline ? row.mime : 'application/octet-stream')
          .header(
            'content-disposition',
            contentDisposition(inline ? 'inline' : 'attachment', displayFileName(row.name)),
          )
          .header('cache-control', FILE_CACHE)
          .header('content-length', row.size)
          .header('etag', etag)
          .send(stream);
      } catch (error) {
        if (error instanceof FileNotFoundError) throw new AppError('not_found', FILE_NOT_FOUND);
        throw error;
      }
    },
  );

  staff.get<{ Params: { id: string } }>('/api/files/:id/thumb', async (request, reply) => {
    const row = await findFile(database.db, parseId(request.params.id, FILE_NOT_FOUND));
    if (!row?.thumb_path) throw new AppError('not_found', FILE_NOT_FOUND);
    const etag = `"t${row.id}"`;
    if (request.headers['if-none-match'] === etag) {
      return reply.status(304).header('etag', etag).header('cache-control', FILE_CACHE).send();
    }
    try {
      const stream = await store.read(row.thumb_path);
      return reply
        .header('content-type', 'image/webp')
        .header('etag', etag)
        .header('cache-control', FILE_CACHE)
        .send(stream);
    } catch (error) {
      if (error instanceof FileNotFoundError) throw new AppError('not_found', FILE_NOT_FOUND);
      throw error;
    }
  });
}
