import type { RecordKind } from '../../domain/records';

/**
 * Every query key the app uses. Features read and write the cache with these, live
 * updates invalidate with these, and tests check with these: a key cannot drift
 * between the screen that shows data and the event that makes it stale.
 */
export const queryKeys = {
  me: ['me'] as const,
  publicConfig: ['public-config'] as const,
  firstRun: ['auth', 'first-run'] as const,
  clients: {
    all: ['clients'] as const,
    lists: ['clients', 'list'] as const,
    list: (q: string) => ['clients', 'list', q] as const,
    picker: (q: string) => ['clients', 'list', q, 'picker'] as const,
    samePhone: (key: string) => ['clients', 'list', 'same-phone', key] as const,
    detail: (id: number | null) => ['clients', 'detail', id] as const,
  },
  tickets: {
    all: ['tickets'] as const,
    lists: ['tickets', 'list'] as const,
    list: (filter: Record<string, string | number>) => ['tickets', 'list', filter] as const,
    /** Under lists: a ticket's change refreshes it. */
    legacyStatuses: ['tickets', 'list', 'legacy-statuses'] as const,
    details: ['tickets', 'detail'] as const,
    detail: (id: number) => ['tickets', 'detail', id] as const,
    /** Under the detail: a change of the ticket refreshes its papers too. */
    document: (id: number, kind: string) => ['tickets', 'detail', id, 'document', kind] as const,
    /** Under the detail: every change of the ticket (a line, a payment) refreshes its money. */
    money: (id: number) => ['tickets', 'detail', id, 'money'] as const,
    /** Under the detail: a message sent or failed publishes the ticket's change. */
    messages: (id: number) => ['tickets', 'detail', id, 'messages'] as const,
    /** Under lists: any ticket's change refreshes a device's story. */
    device: (key: string) => ['tickets', 'list', 'device', key] as const,
  },
  tasks: {
    all: ['tasks'] as const,
    lists: ['tasks', 'list'] as const,
    list: (filter: Record<string, string | number>) => ['tasks', 'list', filter] as const,
    details: ['tasks', 'detail'] as const,
    detail: (id: number) => ['tasks', 'detail', id] as const,
  },
  work: {
    all: ['work'] as const,
    list: (params: Record<string, string>) => ['work', 'list', params] as const,
    /** Under `work`: every change that refreshes the worklist refreshes its counts too. */
    counts: (params: Record<string, string>) => ['work', 'counts', params] as const,
    /** Under `work` too: the dashboard follows every change the worklist does. */
    dashboard: ['work', 'dashboard'] as const,
  },
  /** Older pages of a card's history, after the row with id `before` (the card has the newest). */
  history: (kind: RecordKind, id: number, before?: number) =>
    before === undefined ? (['history', kind, id] as const) : (['history', kind, id, before] as const),
  trash: ['trash'] as const,
  /** The cash desk (issue 50): the open shift, past shifts, a day's takings. */
  cash: {
    all: ['cash'] as const,
    /** Under `cash`: every payment, refund and shift refreshes the reports too (issue 53). */
    takingsReport: (params: Record<string, string>) => ['cash', 'report', 'takings', params] as const,
    /** The other reports (issue 53): any payment may move a debt or a margin too. */
    report: (name: string, params: Record<string, string>) => ['cash', 'report', name, params] as const,
    current: ['cash', 'current'] as const,
    open: ['cash', 'open'] as const,
    shifts: ['cash', 'shifts'] as const,
    shift: (id: number) => ['cash', 'shift', id] as const,
    takings: ['cash', 'takings'] as const,
  },
  /** Technician pay (issue 53): people with rules, a month's statements, one statement. */
  pay: {
    all: ['pay'] as const,
    people: ['pay', 'people'] as const,
    month: (month: string) => ['pay', 'month', month] as const,
    statement: (userId: number | 'mine', month: string) => ['pay', 'statement', userId, month] as const,
  },
  /** Parts and stock (issue 51): the catalogue, a part, receipts, suppliers. */
  stock: {
    all: ['stock'] as const,
    parts: (query: Record<string, string>) => ['stock', 'parts', query] as const,
    part: (id: number) => ['stock', 'part', id] as const,
    moves: (id: number) => ['stock', 'moves', id] as const,
    receipts: ['stock', 'receipts'] as const,
    receipt: (id: number) => ['stock', 'receipt', id] as const,
    suppliers: ['stock', 'suppliers'] as const,
    places: ['stock', 'places'] as const,
    low: ['stock', 'low'] as const,
  },
  users: {
    all: ['users'] as const,
    options: ['users', 'options'] as const,
  },
  employees: ['employees'] as const,
  /** The roles' permissions, as the owner switches them on «Сотрудники» (issue 52). */
  roles: ['roles'] as const,
  settings: {
    all: ['settings'] as const,
    defaultAssignees: ['settings', 'default-assignees'] as const,
    inviteCode: ['settings', 'invite-code'] as const,
    shop: ['settings', 'shop'] as const,
    messageTemplates: ['settings', 'message-templates'] as const,
    workRules: ['settings', 'work-rules'] as const,
    backups: ['settings', 'backups'] as const,
    ticketTypes: ['settings', 'ticket-types'] as const,
    repairStages: ['settings', 'repair-stages'] as const,
    services: ['settings', 'services'] as const,
    payers: ['settings', 'payers'] as const,
  },
  /** A ticket's or task's comment thread (issue 55): its own stream, apart from the record. */
  comments: (kind: 'ticket' | 'task', id: number) => ['comments', kind, id] as const,
  /** The signed-in person's open mentions, listed first under «Мои». */
  mentions: ['mentions'] as const,
  /** A payer's statement for a period (issue 50): read when opened, never live. */
  payerStatement: (id: number, from: string, to: string) => ['payer-statement', id, from, to] as const,
};

/** The detail query of a ticket, task or client. */
export function recordDetailKey(kind: RecordKind, id: number) {
  if (kind === 'ticket') return queryKeys.tickets.detail(id);
  if (kind === 'task') return queryKeys.tasks.detail(id);
  return queryKeys.clients.detail(id);
}
