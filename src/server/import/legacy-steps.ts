// A ticket's stay in each status, read from the steps in its imported history: when it entered
// its current status (the «В статусе N дн.» marks) and how long it stayed in each one it left
// (the dashboard's averages), as the app records them for its own steps.
import type { LegacyTicket } from './legacy-records';

/** Steps that moved the ticket, oldest first. */
function steps(ticket: Pick<LegacyTicket, 'history'>) {
  return ticket.history.filter((entry) => entry.action === 'status_change' && entry.newStatus !== null);
}

/** The last step into the current status; the creation when no step leads there. */
export function statusSinceOf(ticket: Pick<LegacyTicket, 'history' | 'status' | 'createdAt'>): string {
  return (
    steps(ticket)
      .filter((step) => step.newStatus === ticket.status)
      .at(-1)?.ts ?? ticket.createdAt
  );
}

/**
 * One span per step: the status the previous step entered (for the first, the one its `create`
 * entry names, else new) from then until this step.
 */
export function stageSpansOf(ticket: Pick<LegacyTicket, 'history' | 'createdAt'>) {
  const created = ticket.history.find((entry) => entry.action === 'create' && entry.newStatus !== null);
  let status = created?.newStatus ?? 'new';
  let since = ticket.createdAt;
  const spans: { status: string; left_at: string; days: number }[] = [];
  for (const step of steps(ticket)) {
    // A step back and forth within the old tool's second leaves the same status twice at once:
    // one span (migration 0024).
    const again = spans.some((span) => span.status === status && span.left_at === step.ts);
    if (step.ts >= since && !again) {
      spans.push({
        status,
        left_at: step.ts,
        days: (Date.parse(step.ts) - Date.parse(since)) / 86_400_000,
      });
    }
    status = step.newStatus as string;
    since = step.ts;
  }
  return spans;
}
