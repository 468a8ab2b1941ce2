import { formatRubles } from './money';
import { paths } from './routes';
import { ticketNumber } from './ticket-schemas';
import { ticketStatusLabel, type Intake, type TicketStatus } from './ticket-status';

/** Something that happened that may be worth a push to someone other than its author. */
export type WorkChange =
  | { kind: 'ticket_created'; ticket: ItemRef }
  | { kind: 'ticket_assigned'; ticket: ItemRef }
  | { kind: 'ticket_stepped'; ticket: ItemRef; status: TicketStatus; intake?: Intake }
  | { kind: 'estimate_answered'; ticket: ItemRef; approved: boolean; total: number }
  | { kind: 'task_created'; task: ItemRef }
  | { kind: 'task_assigned'; task: ItemRef }
  | {
      kind: 'mentioned';
      item: { kind: 'ticket' | 'task'; id: number; title: string };
      commentId: number;
      authorName: string;
      excerpt: string;
      /** The people the comment names for the first time. */
      userIds: number[];
    };

export interface ItemRef {
  id: number;
  title: string;
  assigneeId: number | null;
}

export interface Notice {
  /** A user's id, or every active administrator. */
  to: number | 'admins';
  body: string;
  url: string;
  tag: string;
  /** Assignments wake a sleeping phone (Urgency: high); status news can wait. */
  urgent: boolean;
}

const quoted = (title: string) => `«${title}»`;

function ticketNotice(ticket: ItemRef, to: Notice['to'], body: string, urgent: boolean): Notice {
  return { to, body, url: paths.ticket(ticket.id), tag: `ticket-${ticket.id}`, urgent };
}

function taskNotice(task: ItemRef): Notice[] {
  if (task.assigneeId === null) return [];
  const body = `Вам назначена задача ${quoted(task.title)}`;
  return [{ to: task.assigneeId, body, url: paths.task(task.id), tag: `task-${task.id}`, urgent: true }];
}

/**
 * Who hears about a change, and what they read (issue #8): the assignee of a ticket
 * or task given to them, the assignee of a ticket that moved a step, and every admin
 * about a new ticket nobody was given. The server resolves recipients to active
 * accounts and leaves out whoever made the change.
 */
export function noticesFor(change: WorkChange): Notice[] {
  switch (change.kind) {
    case 'ticket_created':
    case 'ticket_assigned': {
      const { ticket } = change;
      const name = `${ticketNumber(ticket.id)} ${quoted(ticket.title)}`;
      if (ticket.assigneeId !== null) {
        return [ticketNotice(ticket, ticket.assigneeId, `Вам назначена заявка ${name}`, true)];
      }
      return change.kind === 'ticket_created'
        ? [ticketNotice(ticket, 'admins', `Новая заявка без исполнителя: ${name}`, true)]
        : [];
    }
    case 'ticket_stepped': {
      const { ticket, status, intake } = change;
      if (ticket.assigneeId === null) return [];
      const body = `Заявка ${ticketNumber(ticket.id)} ${quoted(ticket.title)}: ${ticketStatusLabel(status, intake)}`;
      return [ticketNotice(ticket, ticket.assigneeId, body, false)];
    }
    case 'estimate_answered': {
      // The client waits for the repair to go on: the assignee, or every admin when nobody is.
      const { ticket, approved, total } = change;
      const verb = approved ? 'согласовал смету' : 'отказался от сметы';
      const body = `Клиент ${verb} по заявке ${ticketNumber(ticket.id)} ${quoted(ticket.title)}: ${formatRubles(total)}`;
      return [ticketNotice(ticket, ticket.assigneeId ?? 'admins', body, true)];
    }
    case 'task_created':
    case 'task_assigned':
      return taskNotice(change.task);
    case 'mentioned': {
      const { item, authorName, excerpt } = change;
      const where =
        item.kind === 'ticket'
          ? `в заявке ${ticketNumber(item.id)} ${quoted(item.title)}`
          : `в задаче ${quoted(item.title)}`;
      const url = `${item.kind === 'ticket' ? paths.ticket(item.id) : paths.task(item.id)}#comments`;
      return change.userIds.map((to) => ({
        to,
        body: `Вас упомянули ${where} — ${authorName}: ${excerpt}`,
        url,
        // Each mention its own notification: a later one must not hide an earlier one.
        tag: `comment-${change.commentId}`,
        urgent: true,
      }));
    }
  }
}
