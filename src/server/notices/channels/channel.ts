/** What became of one try to send a message on a channel (issue 54). */
export type SendOutcome =
  /** The channel took it; `providerId` names it where the channel reports delivery later. */
  | { kind: 'sent'; providerId?: string }
  /** Not now: the channel is down, slow or busy; another try later may go through. */
  | { kind: 'retry'; reason: string; afterMs?: number }
  /** Never: the address is wrong, the account refused it. The reason is shown on the ticket. */
  | { kind: 'failed'; reason: string }
  /** The client's chat is gone (they stopped the bot): the client is disconnected. */
  | { kind: 'gone'; reason: string };

/** What the channel says of a message it took earlier. */
export type DeliveryOutcome =
  { kind: 'delivered' } | { kind: 'pending' } | { kind: 'failed'; reason: string };

/** A channel's answer to `npm run doctor` and «Отправить тест». */
export type CheckOutcome = { ok: true; detail: string } | { ok: false; reason: string };

/** Answers slower than this count as no answer: a try is cut and made again later. */
export const CHANNEL_TIMEOUT_MS = 15_000;

/**
 * A request to a channel's HTTP API that never throws: a network error or a timeout comes back
 * as `retry`. The reason never carries the address, which may hold a secret (a bot's token).
 */
export async function requestJson(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  service: string,
  /** Cuts the request short (a server shutting down). */
  cancel?: AbortSignal,
): Promise<{ status: number; body: unknown } | { kind: 'retry'; reason: string }> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      ...init,
      signal: cancel ? AbortSignal.any([timeout, cancel]) : timeout,
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: response.status, body };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      kind: 'retry',
      reason: timedOut ? `${service} не ответил вовремя` : `${service} недоступен`,
    };
  }
}
