// The server's clock as the app sees it. A phone whose clock is hours off would otherwise mark
// items «Просрочено» on a different day than the server filters them (issue 20): every API
// answer's Date header tells us how far off we are.

/** Below this the difference is the header's whole seconds and the trip's time, not a wrong clock. */
const IGNORED_SKEW_MS = 90_000;
let skewMs = 0;

/** Notes an answer's Date header (RFC 9110: whole seconds, GMT), taken when the answer arrived. */
export function noteServerDate(header: string | null, receivedAt: number = Date.now()) {
  if (!header) return;
  const server = Date.parse(header);
  if (Number.isNaN(server)) return;
  const measured = server - receivedAt;
  skewMs = Math.abs(measured) > IGNORED_SKEW_MS ? measured : 0;
}

/** Now, by the server's clock when this device's is known to be off. */
export function serverNow(): Date {
  return new Date(Date.now() + skewMs);
}
