import fsp from 'node:fs/promises';
import { Transform } from 'node:stream';
import { AppError } from '../errors';

export interface UploadLimits {
  /** One file at most (MAX_UPLOAD_MB). */
  fileBytes: number;
  /** All files of one request together (MAX_UPLOAD_REQUEST_MB). */
  requestBytes: number;
  /** Uploads stop while the data folder's disk has less free (MIN_FREE_DISK_MB). */
  minFreeBytes: number;
  /** The folder whose disk is watched: DATA_DIR. */
  dataDir: string;
}

export function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1_048_576)} МБ`;
}

export function requestTooLarge(limits: UploadLimits): AppError {
  return new AppError(
    'payload_too_large',
    `За один раз можно загрузить не больше ${megabytes(limits.requestBytes)}`,
  );
}

/**
 * Refuses an upload that would leave the disk with less than `minFreeBytes` free,
 * counting what the request says it carries. The database and the system need the
 * rest; a full disk would stop every save, not just this one.
 */
export async function ensureFreeSpace(limits: UploadLimits, incomingBytes: number): Promise<void> {
  const { bavail, bsize } = await fsp.statfs(limits.dataDir);
  if (bavail * bsize - incomingBytes < limits.minFreeBytes) {
    throw new AppError(
      'insufficient_storage',
      'На сервере заканчивается место, файлы сейчас не принимаются. Сообщите администратору.',
    );
  }
}

/** Passes bytes through until the request's total passes `limits.requestBytes`, then fails. */
export function requestByteCounter(limits: UploadLimits, counted: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counted.bytes += chunk.length;
      if (counted.bytes > limits.requestBytes) callback(requestTooLarge(limits));
      else callback(null, chunk);
    },
  });
}
