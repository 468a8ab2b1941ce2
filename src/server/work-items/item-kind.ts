import { NOT_FOUND_MESSAGES } from '../../domain/records';
import type { LiveEntity } from '../../domain/live-events';

/** What differs between a ticket and a task where the two are handled alike. */
export interface ItemKind {
  entity: Extract<LiveEntity, 'ticket' | 'task'>;
  table: 'tickets' | 'tasks';
  /** The `files` column that points at an item of this kind. */
  fileOwner: 'ticket_id' | 'task_id';
  /** Where its files live in the store: `tickets/12/…`. */
  folder: (id: number) => string;
  notFoundMessage: string;
}

export const TICKET_NOT_FOUND_MESSAGE = NOT_FOUND_MESSAGES.ticket;
export const TASK_NOT_FOUND_MESSAGE = NOT_FOUND_MESSAGES.task;

export const TICKET_KIND: ItemKind = {
  entity: 'ticket',
  table: 'tickets',
  fileOwner: 'ticket_id',
  folder: (id) => `tickets/${id}`,
  notFoundMessage: TICKET_NOT_FOUND_MESSAGE,
};

export const TASK_KIND: ItemKind = {
  entity: 'task',
  table: 'tasks',
  fileOwner: 'task_id',
  folder: (id) => `tasks/${id}`,
  notFoundMessage: TASK_NOT_FOUND_MESSAGE,
};
