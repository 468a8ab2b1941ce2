import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import {
  AppError,
  type ErrorBody,
  type ErrorCode,
  InvalidCursorError,
  STORAGE_UNAVAILABLE,
  StorageUnavailableError,
} from '../errors';

const MESSAGE_BY_STATUS: Record<number, [ErrorCode, string]> = {
  400: ['bad_request', 'Некорректный запрос'],
  401: ['unauthorized', 'Требуется вход в систему'],
  403: ['forbidden', 'Недостаточно прав'],
  404: ['not_found', 'Не найдено'],
  413: ['payload_too_large', 'Слишком большой запрос'],
  415: ['unsupported_media_type', 'Неподдерживаемый тип данных'],
  429: ['too_many_requests', 'Слишком много запросов, попробуйте позже'],
};

/** What a person reads when the server's disk is full: nothing of theirs was half-saved. */
export const DISK_FULL_MESSAGE =
  'На сервере закончилось место на диске: запрос не выполнен, ничего не изменено. Сообщите администратору.';

/**
 * A write refused for want of space, from any layer: SQLite (SQLITE_FULL), PostgreSQL
 * (53100 disk_full), or the file system (ENOSPC, EDQUOT), directly or as a cause.
 */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC' || code === 'EDQUOT') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function describeFrameworkError(error: FastifyError): [number, ErrorCode, string] | undefined {
  const status = error.statusCode;
  if (!status || status >= 500) return undefined;
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return [400, 'bad_request', 'Некорректный JSON в запросе'];
  }
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return [400, 'bad_request', 'Пустое тело запроса'];
  const [code, message] = MESSAGE_BY_STATUS[status] ?? ['bad_request', 'Некорректный запрос'];
  return [status, code, message];
}

/**
 * Every failure leaves as `{ error: { code, message } }` with a Russian message.
 * Unexpected errors are logged and reported without details (ASVS 16.5.1).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof InvalidCursorError) {
      return reply
        .status(400)
        .send({ error: { code: 'bad_request', message: error.message } } satisfies ErrorBody);
    }
    if (error instanceof AppError) {
      const body: ErrorBody = { ...error.extra, error: { code: error.code, message: error.message } };
      return reply.status(error.status).headers(error.headers).send(body);
    }
    if (error instanceof StorageUnavailableError) {
      request.log.error({ err: error }, 'file store unavailable');
      return reply
        .status(503)
        .header('retry-after', '60')
        .send({ error: { code: 'service_unavailable', message: STORAGE_UNAVAILABLE } } satisfies ErrorBody);
    }
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'disk full');
      return reply
        .status(507)
        .send({ error: { code: 'insufficient_storage', message: DISK_FULL_MESSAGE } } satisfies ErrorBody);
    }
    const known = describeFrameworkError(error);
    if (known) {
      const [status, code, message] = known;
      request.log.debug({ err: error }, 'request rejected');
      return reply.status(status).send({ error: { code, message } } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(500)
      .send({ error: { code: 'internal', message: 'Внутренняя ошибка сервера' } } satisfies ErrorBody);
  });
}

export function sendApiNotFound(reply: FastifyReply) {
  return reply.status(404).send({ error: { code: 'not_found', message: 'Не найдено' } } satisfies ErrorBody);
}
