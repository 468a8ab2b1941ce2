import { noteServerDate } from './server-clock';
import { noteAnswer, streamMarks } from './stream-marks';

/** An API failure with the server's Russian message (or ours, when the server was unreachable). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The whole error response, for answers that carry more (a 409 carries the fresh record). */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
}

/** A request with no answer by then fails, instead of leaving a spinner turning. */
export const REQUEST_TIMEOUT_MS = 10_000;
// An upload may take longer on a slow line: 10 s plus a second per 64 KB.
const UPLOAD_BYTES_PER_SECOND = 64 * 1024;

/** Under the Fetch standard's 64 KiB for keepalive bodies, counted in UTF-16 units (≤ 3 bytes each). */
const KEEPALIVE_MAX_CHARS = 20_000;

export const NO_CONNECTION_MESSAGE = 'Нет связи с сервером';

export function timeoutFor(body: unknown): number {
  let bytes = 0;
  // A large JSON body (a catalogue file read as text) is an upload too.
  if (typeof body === 'string') bytes = body.length;
  if (body instanceof FormData)
    for (const value of body.values()) if (value instanceof Blob) bytes += value.size;
  return REQUEST_TIMEOUT_MS + Math.ceil(bytes / UPLOAD_BYTES_PER_SECOND) * 1000;
}

interface ErrorPayload {
  error?: { code?: string; message?: string };
}

/**
 * Calls our JSON API. Every request carries X-Requested-With, which the server's
 * same-origin guard requires of state-changing requests without a JSON body.
 */
export async function api<T>(path: string, { method = 'GET', body }: RequestOptions = {}): Promise<T> {
  // Offline, say so at once (the browser knows); a server that does not answer, in 10 s.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError(0, 'network', NO_CONNECTION_MESSAGE);
  }
  let response: Response;
  const sentUnder = streamMarks.sent();
  const json = body === undefined || body instanceof FormData ? undefined : JSON.stringify(body);
  try {
    response = await fetch(path, {
      signal: AbortSignal.timeout(timeoutFor(json ?? body)),
      method,
      credentials: 'same-origin',
      headers: {
        'x-requested-with': 'fetch',
        // FormData sets its own multipart content type with the boundary.
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : json,
      // A small change sent as the page closes (autosave) still reaches the server.
      // Browsers refuse a keepalive body over 64 KB (a catalogue file): that one is not kept alive.
      keepalive: method !== 'GET' && json !== undefined && json.length < KEEPALIVE_MAX_CHARS,
    });
  } catch {
    throw new ApiError(0, 'network', NO_CONNECTION_MESSAGE);
  }
  noteServerDate(response.headers.get('date'));
  const data: unknown = response.status === 204 ? undefined : await response.json().catch(() => null);
  // Once the body is here: a refetch asked for while it was still coming would be merged into
  // this very request by the query cache, and lost.
  noteAnswer(sentUnder, response.headers.get('x-event-mark'));
  if (response.status === 204) return undefined as T;
  if (!response.ok) throw responseError(response.status, data);
  return data as T;
}

/** The error for a failed answer: the server's code and Russian message when it sent them. */
export function responseError(status: number, data: unknown): ApiError {
  const error = (data as ErrorPayload | null)?.error;
  return new ApiError(status, error?.code ?? 'unknown', error?.message ?? `Ошибка сервера (${status})`, data);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Неизвестная ошибка';
}
