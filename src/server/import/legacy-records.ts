// The previous system's documents (spec §3 field names) read as records ready to write here.
// A document that cannot be imported throws RecordProblem with the reason; one that can, but
// loses something on the way (an unknown delivery service, an unreadable due date), is imported
// and the loss is added to `warnings`.
import { emailProblem } from '../../domain/credentials';
import { isProvider, type Provider } from '../../domain/providers';
import { isRole, type Role } from '../../domain/roles';
import { isTaskStatus, LEGACY_TASK_STATUS_MAP, readTaskStatus } from '../../domain/task-status';
import { ALL_TICKET_STATUSES, type TicketStatus } from '../../domain/ticket-status';
import {
  isObject,
  legacyDueDate,
  legacyList,
  legacyRef,
  legacyText,
  legacyTimestamp,
  RecordProblem,
} from './legacy-values';

export interface LegacyUser {
  email: string;
  displayName: string;
  phone: string;
  role: Role;
  createdAt: string;
}

export interface LegacyClient {
  fullName: string;
  phone: string;
  warranty: string;
  address: string;
  comment: string;
  whatsappUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An attachment, ПВЗ photo or task photo: the file is looked for at `path` under --files. */
export interface LegacyFile {
  path: string;
  name: string;
  ts: string | null;
  uploadedBy: string | null;
}

export interface LegacyHistoryEntry {
  ts: string;
  userId: string | null;
  userName: string;
  action: string;
  note: string;
  newStatus: string | null;
}

interface LegacyItem {
  title: string;
  description: string;
  dueDate: string | null;
  clientId: string | null;
  clientName: string;
  assigneeId: string | null;
  assigneeName: string;
  deliveryProvider: Provider | null;
  history: LegacyHistoryEntry[];
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

export interface LegacyTicket extends LegacyItem {
  status: TicketStatus;
  repairSummary: string;
  returnProvider: Provider | null;
  attachments: LegacyFile[];
  pvzPhotos: LegacyFile[];
}

export interface LegacyTask extends LegacyItem {
  /** As it was, legacy values (todo, done) included: they read as new and closed. */
  status: string;
  photos: LegacyFile[];
}

export interface ReadContext {
  timeZone: string;
  /** Used for a client's or person's missing creation time. */
  now: string;
  warnings: string[];
}

function fieldsOf(data: unknown): Record<string, unknown> {
  if (!isObject(data)) throw new RecordProblem('запись — не объект JSON');
  return data;
}

function provider(value: unknown, field: string, warnings: string[]): Provider | null {
  if (value === null || value === undefined || value === '') return null;
  const name = legacyText(value).toLowerCase();
  if (isProvider(name)) return name;
  warnings.push(`неизвестная служба доставки в ${field} («${String(value)}») не перенесена`);
  return null;
}

function dueDate(value: unknown, ctx: ReadContext): string | null {
  const date = legacyDueDate(value, ctx.timeZone);
  if (date === undefined) {
    ctx.warnings.push(
      `срок «${typeof value === 'string' ? value : JSON.stringify(value)}» не читается как дата — срок не перенесён`,
    );
    return null;
  }
  return date;
}

function historyOf(value: unknown, statuses: readonly string[], warnings: string[]): LegacyHistoryEntry[] {
  const entries: LegacyHistoryEntry[] = [];
  let undated = 0;
  for (const raw of legacyList(value)) {
    const ts = isObject(raw) ? legacyTimestamp(raw.ts) : undefined;
    if (!isObject(raw) || !ts) {
      undated += 1;
      continue;
    }
    const newStatus = legacyRef(raw.newStatus);
    entries.push({
      ts,
      userId: legacyRef(raw.userId),
      userName: legacyText(raw.userName),
      action: legacyText(raw.action) || 'edit',
      note: legacyText(raw.note, { multiLine: true }),
      // Only a status this app knows: the history shows its label.
      newStatus: newStatus && statuses.includes(newStatus) ? newStatus : null,
    });
  }
  if (undated > 0) warnings.push(`записей истории без даты или не объектов: ${undated} — пропущены`);
  // Oldest first: history reads in the order rows were written.
  return entries.sort((a, b) => a.ts.localeCompare(b.ts));
}

function filesOf(value: unknown, field: string, warnings: string[]): LegacyFile[] {
  const files: LegacyFile[] = [];
  for (const raw of legacyList(value)) {
    const path = isObject(raw) ? legacyText(raw.path) : '';
    if (!isObject(raw) || !path) {
      warnings.push(`файл в ${field} без пути (path) — не перенесён`);
      continue;
    }
    files.push({
      path,
      name: legacyText(raw.name),
      ts: legacyTimestamp(raw.ts) ?? null,
      uploadedBy: legacyRef(raw.uploadedBy),
    });
  }
  return files;
}

/** createdAt, or (missing) the first history entry's time; a record without either is refused. */
function createdAtOf(fields: Record<string, unknown>, history: LegacyHistoryEntry[]): string {
  const created = legacyTimestamp(fields.createdAt);
  if (created) return created;
  if (created === null && history[0]) return history[0].ts;
  throw new RecordProblem(
    created === null
      ? 'нет даты создания (createdAt)'
      : `дата создания не читается: ${JSON.stringify(fields.createdAt)}`,
  );
}

function itemFields(fields: Record<string, unknown>, statuses: readonly string[], ctx: ReadContext) {
  const history = historyOf(fields.history, statuses, ctx.warnings);
  const createdAt = createdAtOf(fields, history);
  const lastStep = history.at(-1)?.ts;
  const updatedAt = [legacyTimestamp(fields.updatedAt), lastStep, createdAt]
    .filter((ts): ts is string => typeof ts === 'string')
    .sort()
    .at(-1) as string;
  return {
    title: legacyText(fields.title),
    description: legacyText(fields.description, { multiLine: true }),
    dueDate: dueDate(fields.dueDate, ctx),
    clientId: legacyRef(fields.clientId),
    clientName: legacyText(fields.clientName),
    assigneeId: legacyRef(fields.assigneeId),
    assigneeName: legacyText(fields.assigneeName),
    deliveryProvider: provider(fields.deliveryProvider, 'deliveryProvider', ctx.warnings),
    history,
    createdBy: legacyRef(fields.createdBy),
    createdAt,
    updatedAt,
    closedAtField: legacyTimestamp(fields.closedAt),
  };
}

/** When a closed record was closed: its closedAt, else the step that closed it, else its last change. */
function closedAtOf(
  closed: boolean,
  field: string | null | undefined,
  history: LegacyHistoryEntry[],
  updatedAt: string,
): string | null {
  if (!closed) return null;
  if (field) return field;
  const closing = history.filter((entry) => entry.newStatus === 'closed').at(-1);
  return closing?.ts ?? updatedAt;
}

export function readLegacyTicket(data: unknown, ctx: ReadContext): LegacyTicket {
  const fields = fieldsOf(data);
  const status = legacyText(fields.status);
  if (!status) throw new RecordProblem('нет статуса (status)');
  if (!(ALL_TICKET_STATUSES as readonly string[]).includes(status)) {
    throw new RecordProblem(`неизвестный статус «${status}»`);
  }
  const { closedAtField, ...item } = itemFields(fields, ALL_TICKET_STATUSES, ctx);
  if (!item.title) throw new RecordProblem('нет названия (title)');
  return {
    ...item,
    status: status as TicketStatus,
    repairSummary: legacyText(fields.repairSummary, { multiLine: true }),
    returnProvider: provider(fields.returnProvider, 'returnProvider', ctx.warnings),
    attachments: filesOf(fields.attachments, 'attachments', ctx.warnings),
    pvzPhotos: filesOf(fields.pvzPhotos, 'pvzPhotos', ctx.warnings),
    closedAt: closedAtOf(status === 'closed', closedAtField, item.history, item.updatedAt),
  };
}

const TASK_VALUES = ['new', 'in_progress', 'closed', ...Object.keys(LEGACY_TASK_STATUS_MAP)];

export function readLegacyTask(data: unknown, ctx: ReadContext): LegacyTask {
  const fields = fieldsOf(data);
  const raw = legacyText(fields.status) || 'new';
  if (!isTaskStatus(raw) && !(raw in LEGACY_TASK_STATUS_MAP)) {
    throw new RecordProblem(`неизвестный статус «${raw}»`);
  }
  const { closedAtField, ...item } = itemFields(fields, TASK_VALUES, ctx);
  if (!item.title) throw new RecordProblem('нет названия (title)');
  return {
    ...item,
    status: raw,
    photos: filesOf(fields.photos, 'photos', ctx.warnings),
    closedAt: closedAtOf(readTaskStatus(raw) === 'closed', closedAtField, item.history, item.updatedAt),
  };
}

function createdOrNow(value: unknown, ctx: ReadContext): string {
  const ts = legacyTimestamp(value);
  if (ts === undefined)
    ctx.warnings.push(`дата создания не читается (${JSON.stringify(value)}) — поставлено время переноса`);
  return ts ?? ctx.now;
}

/** Only a web link may be kept: it becomes the client's WhatsApp button. */
function whatsappUrlOf(value: unknown, warnings: string[]): string | null {
  const text = legacyText(value);
  if (!text) return null;
  try {
    const url = new URL(text);
    if (url.protocol === 'https:' || url.protocol === 'http:') return text;
  } catch {
    // not a URL at all
  }
  warnings.push(`whatsappUrl «${text.slice(0, 80)}» — не веб-ссылка, не перенесена`);
  return null;
}

export function readLegacyClient(data: unknown, ctx: ReadContext): LegacyClient {
  const fields = fieldsOf(data);
  const fullName = legacyText(fields.fullName);
  if (!fullName) throw new RecordProblem('нет ФИО (fullName)');
  const createdAt = createdOrNow(fields.createdAt, ctx);
  const updated = legacyTimestamp(fields.updatedAt);
  return {
    fullName,
    phone: legacyText(fields.phone),
    warranty: legacyText(fields.warranty),
    address: legacyText(fields.address, { multiLine: true }),
    comment: legacyText(fields.comment, { multiLine: true }),
    whatsappUrl: whatsappUrlOf(fields.whatsappUrl, ctx.warnings),
    createdAt,
    updatedAt: updated && updated > createdAt ? updated : createdAt,
  };
}

export function readLegacyUser(data: unknown, ctx: ReadContext): LegacyUser {
  const fields = fieldsOf(data);
  const email = legacyText(fields.email);
  const problem = emailProblem(email);
  if (problem) throw new RecordProblem(`${problem.toLowerCase()}${email ? ` («${email}»)` : ''}`);
  let role: Role = 'employee';
  if (isRole(fields.role)) role = fields.role;
  else if (fields.role !== undefined && fields.role !== null && fields.role !== '') {
    ctx.warnings.push(`неизвестная роль «${String(fields.role)}» — перенесён как сотрудник`);
  }
  return {
    email,
    displayName: legacyText(fields.displayName) || email.split('@')[0]!,
    phone: legacyText(fields.phone),
    role,
    createdAt: createdOrNow(fields.createdAt, ctx),
  };
}
