const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A UTC timestamp in local time, as `22.11.2026 14:05`: the viewer's in the browser, the
 * shop machine's on the server (documents printed there).
 */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Whether this runtime knows the IANA time zone (`Europe/Moscow`). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('ru-RU', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Building a formatter costs far more than using one (a CSV export formats 360,000 times). */
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('ru-RU', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * As formatDateTime, in the given time zone: a paper made on the server shows the time the
 * person printing it sees on their screen, whatever zone the server itself runs in (a
 * container is often UTC). Without a zone: the local time.
 */
export function formatDateTimeIn(iso: string, timeZone: string | null): string {
  if (!timeZone) return formatDateTime(iso);
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const parts = zoneFormatter(timeZone).formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}
