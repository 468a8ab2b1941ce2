import type { z } from 'zod';
import { MAX_RECORD_ID } from '../../domain/input-text';
import { AppError } from '../errors';

/** Validates a payload with its shared schema; the first problem becomes a 400 in Russian. */
export function parsePayload<Schema extends z.ZodType>(schema: Schema, payload: unknown): z.output<Schema> {
  const result = schema.safeParse(payload ?? {});
  if (!result.success) {
    throw new AppError('bad_request', result.error.issues[0]?.message ?? 'Некорректные данные');
  }
  return result.data;
}

/** A positive integer id from the URL, or the given 404. */
export function parseId(raw: unknown, notFoundMessage: string): number {
  const id = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > MAX_RECORD_ID) throw new AppError('not_found', notFoundMessage);
  return id;
}
