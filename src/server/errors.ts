/** The closed set of failures the API reports; each maps to one HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  /** The server's disk is nearly full (an administrator's problem, not the user's). */
  insufficient_storage: 507,
  /** The file store (an S3 bucket) did not answer: worth trying again later. */
  service_unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An expected failure with a message fit to show the user (in Russian). */
export class AppError extends Error {
  readonly headers: Record<string, string>;
  /** Extra top-level fields of the response body, e.g. the fresh record on a 409. */
  readonly extra: Record<string, unknown>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.headers = options.headers ?? {};
    this.extra = options.extra ?? {};
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string };
}

/** The store did not answer or refused (a bucket down, a key revoked): nothing was stored. */
export class StorageUnavailableError extends Error {}

/** What a person reads when the file store fails them (the cause goes to the log). */
export const STORAGE_UNAVAILABLE = 'Хранилище файлов сейчас недоступно. Попробуйте ещё раз через минуту';

/** A list position that no page of ours handed out; the error handler answers 400. */
export class InvalidCursorError extends Error {
  constructor() {
    super('Некорректная позиция списка, обновите страницу');
  }
}
