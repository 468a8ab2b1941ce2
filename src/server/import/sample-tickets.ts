import { PROVIDERS } from '../../domain/providers';
import { LEGACY_TICKET_STATUSES, TICKET_PIPELINE } from '../../domain/ticket-status';
import type { SampleClients } from './sample-clients';
import { DAY, stamp, type SampleContext } from './sample-context';
import { addFaultyTickets } from './sample-ticket-faults';
import { acceptanceAct, pvzPhoto } from './sample-ticket-files';
import { ticketSteps } from './sample-ticket-steps';
import type { SampleUsers } from './sample-users';

const TITLES = ['Гарантийный ремонт', 'Замена видеокарты', 'Замена SSD'];
const STATUSES = [...TICKET_PIPELINE, ...LEGACY_TICKET_STATUSES];

/** `count` tickets through every status, with their history and files, then the faulty copies. */
export function sampleTickets(
  sample: SampleContext,
  count: number,
  users: SampleUsers,
  clients: SampleClients,
): unknown[] {
  const tickets: unknown[] = [];
  for (let n = 1; n <= count; n += 1) tickets.push(sampleTicket(sample, n, users, clients));
  addFaultyTickets(sample, tickets);
  return tickets;
}

/** The `n`th ticket: its status goes round every status, the rest is drawn. */
function sampleTicket(
  sample: SampleContext,
  n: number,
  { uids, userName }: SampleUsers,
  { clients, clientIds }: SampleClients,
): Record<string, unknown> {
  const { random } = sample;
  const id = `tk${sample.seed}-${String(n).padStart(6, '0')}`;
  const created = sample.base + (n % 360) * DAY + (n % 24) * 3_600_000;
  const status = STATUSES[n % STATUSES.length] as string;
  const steps = ticketSteps(status);
  const author = random.pick(uids);
  const assignee = random.pick(uids);
  const history = [
    ...openingEntries(created, n, author, userName(author), userName(assignee)),
    ...stepEntries(created, n, assignee, userName(assignee), steps.path),
  ];
  const attachments: Record<string, unknown>[] = [];
  const pvzPhotos: Record<string, unknown>[] = [];
  if (n % 4 === 0) {
    const act = acceptanceAct(sample, { id, n, created, uid: author, userName: userName(author) });
    attachments.push(act.file);
    history.push(act.entry);
  }
  if (n % 5 === 0 && steps.reach >= 2) {
    const photo = pvzPhoto(sample, { id, n, created, uid: assignee, userName: userName(assignee) });
    pvzPhotos.push(photo.file);
    history.push(photo.entry);
  }
  const clientId = random.pick(clientIds);
  const client = clients[clientIds.indexOf(clientId)] as { fullName: string };
  const closed = status === 'closed';
  return {
    id,
    title: random.pick(TITLES),
    description: random.chance(0.7) ? `Не включается после обновления драйверов (${id})` : '',
    repairSummary: steps.pipelineIndex >= 4 || steps.pipelineIndex < 0 ? 'Заменён блок питания' : '',
    dueDate: random.chance(0.6) ? new Date(created + 14 * DAY).toISOString().slice(0, 10) : null,
    clientId,
    clientName: client.fullName,
    status,
    assigneeId: assignee,
    assigneeName: userName(assignee),
    deliveryProvider: steps.reach >= 2 ? random.pick(PROVIDERS) : null,
    returnProvider: steps.reach >= 5 ? random.pick(PROVIDERS) : null,
    pvzPhotos,
    attachments,
    history,
    createdBy: author,
    createdAt: stamp(created, n),
    closedAt: closed ? stamp(created + (steps.path.length + 1) * DAY * 1.5, n) : null,
  };
}

/** Made by `author`, who assigns it at once. */
function openingEntries(
  created: number,
  n: number,
  author: string,
  authorName: string,
  assigneeName: string,
): Record<string, unknown>[] {
  return [
    {
      ts: stamp(created, n),
      userId: author,
      userName: authorName,
      action: 'create',
      note: '',
      newStatus: 'new',
    },
    {
      ts: stamp(created + 60_000, n),
      userId: author,
      userName: authorName,
      action: 'assign',
      note: assigneeName,
    },
  ];
}

/** The assignee moves it a status every day and a half. */
function stepEntries(
  created: number,
  n: number,
  assignee: string,
  assigneeName: string,
  path: string[],
): Record<string, unknown>[] {
  return path.map((next, step) => ({
    ts: stamp(created + (step + 1) * DAY * 1.5, n + step),
    userId: assignee,
    userName: assigneeName,
    action: 'status_change',
    note: '',
    newStatus: next,
  }));
}
