import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { FileStore } from './file-store';
import { displayFileName } from './file-names';
import {
  ensureFreeSpace,
  megabytes,
  requestByteCounter,
  requestTooLarge,
  type UploadLimits,
} from './upload-limits';
import { inspectFile, makeThumbnail, MAX_IMAGE_PIXELS, type Inspection } from './inspect-file';

export interface ReceivedFile extends Inspection {
  name: string;
  size: number;
  tempPath: string;
  thumbTempPath: string | null;
}

export const MAX_FILES_PER_UPLOAD = 20;

/** A text field sent with files (a comment's JSON): far more than its longest text. */
const MAX_FIELD_BYTES = 64 * 1024;

/** Room for the multipart headers and boundaries around the files themselves. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** Deletes temporary files that were not moved into the store. */
export async function discardTemps(files: ReceivedFile[]): Promise<void> {
  await Promise.all(
    files
      .flatMap((f) => [f.tempPath, f.thumbTempPath])
      .map((p) => (p ? fsp.rm(p, { force: true }) : undefined)),
  );
}

/** A header that decodes but a body that does not: refused as a photo, kept as a plain file. */
async function addThumbnail(file: ReceivedFile, store: FileStore, imagesOnly: boolean) {
  const thumbTempPath = store.newTempPath();
  try {
    await makeThumbnail(file.tempPath, thumbTempPath);
    file.thumbTempPath = thumbTempPath;
  } catch {
    await fsp.rm(thumbTempPath, { force: true });
    if (imagesOnly)
      throw new AppError('bad_request', `Файл «${file.name}» повреждён или не является изображением`);
    Object.assign(file, { mime: 'application/octet-stream', isImage: false });
  }
}

/**
 * Receives every file of a multipart request into temporary files, checks size and
 * content, and makes thumbnails for images. All or nothing: on any problem the
 * temporaries are deleted and an AppError says which file and why.
 */
export async function receiveUploads(
  request: FastifyRequest,
  store: FileStore,
  options: {
    limits: UploadLimits;
    imagesOnly: boolean;
    /** Filled with the request's text fields, when the caller wants them. */
    fields?: Record<string, string>;
  },
): Promise<ReceivedFile[]> {
  if (!request.isMultipart()) throw new AppError('bad_request', 'Ожидается загрузка файлов');
  const { limits } = options;
  const declared = Number(request.headers['content-length'] ?? 0);
  // Refused before a byte is read when the request says how big it is.
  if (declared > limits.requestBytes + MULTIPART_OVERHEAD) throw requestTooLarge(limits);
  await ensureFreeSpace(limits, declared);
  const received: ReceivedFile[] = [];
  const counted = { bytes: 0 };
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.fileBytes,
        files: MAX_FILES_PER_UPLOAD,
        fieldSize: MAX_FIELD_BYTES,
        fields: 5,
      },
    });
    for await (const part of parts) {
      // A text field beside the files (a comment's text): kept for the caller, or ignored.
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError('bad_request', 'Слишком длинный текст рядом с файлами');
        if (options.fields && typeof part.value === 'string') options.fields[part.fieldname] = part.value;
        continue;
      }
      const name = displayFileName(part.filename);
      const tempPath = store.newTempPath();
      const file: ReceivedFile = { name, size: 0, tempPath, thumbTempPath: null, mime: '', isImage: false };
      received.push(file);
      await ensureFreeSpace(limits, 0);
      await pipeline(part.file, requestByteCounter(limits, counted), fs.createWriteStream(tempPath));
      if (part.file.truncated) {
        throw new AppError('payload_too_large', `Файл «${name}» больше ${megabytes(limits.fileBytes)}`);
      }
      file.size = (await fsp.stat(tempPath)).size;
      Object.assign(file, await inspectFile(tempPath));
      if (options.imagesOnly && file.tooManyPixels) {
        throw new AppError(
          'bad_request',
          `Фото «${name}» слишком большое: больше ${MAX_IMAGE_PIXELS / 1_000_000} мегапикселей`,
        );
      }
      if (options.imagesOnly && !file.isImage) {
        throw new AppError('bad_request', `Файл «${name}» — не изображение`);
      }
      if (file.isImage) await addThumbnail(file, store, options.imagesOnly);
    }
  } catch (error) {
    await discardTemps(received);
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') {
      throw new AppError('bad_request', `Не больше ${MAX_FILES_PER_UPLOAD} файлов за раз`);
    }
    if (
      code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
      code === 'FST_PARTS_LIMIT' ||
      code === 'FST_FIELDS_LIMIT'
    ) {
      throw new AppError('bad_request', 'Ожидается загрузка файлов');
    }
    // A failed system call (disk full, no permission) is the server's fault and stays a
    // 500; anything else came from parsing what the client sent (a body cut short, a
    // broken header).
    if ((error as { syscall?: string }).syscall === undefined) {
      request.log.info({ err: error }, 'malformed upload');
      throw new AppError('bad_request', 'Загрузка прервана или повреждена, попробуйте ещё раз');
    }
    throw error;
  }
  if (received.length === 0) throw new AppError('bad_request', 'Выберите файлы для загрузки');
  return received;
}
