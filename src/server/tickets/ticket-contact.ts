import type { Kysely } from 'kysely';
import type { MessageChannel } from '../../domain/client-message';
import { MESSAGE_CHANNEL_LABELS } from '../../domain/client-message';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { type Clock, isoNow } from '../clock';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { historyFor, writeHistory } from '../history/history-writer';
import { replaceStatusToken } from '../status-page/status-links';
import { refuseInTrash } from '../trash/trash-marks';
import type { Actor } from '../http/actor';
import { TICKET_NOT_FOUND_MESSAGE } from '../work-items/item-kind';
import { findTicket } from './tickets.repository';

interface ContactContext {
  db: Kysely<DB>;
  clock: Clock;
  get: (id: number) => Promise<TicketDetailDto>;
  changed: (id: number, op?: 'update', version?: number, work?: 'unchanged') => void;
}

/** Reaching the client (issue 19): the public link and the record of messages sent. */
export function createTicketContact({ db, clock, get, changed }: ContactContext) {
  async function note(
    actor: Actor,
    id: number,
    write: (trx: Kysely<DB>) => Promise<void>,
    action: 'new_status_link' | 'message_sent',
    newValue?: string,
  ) {
    await db.transaction().execute(async (trx) => {
      const row = await findTicket(trx, id);
      if (!row) throw new AppError('not_found', TICKET_NOT_FOUND_MESSAGE);
      refuseInTrash('ticket', row);
      await write(trx);
      const now = isoNow(clock);
      await writeHistory(trx, [historyFor('ticket', id, actor, now)({ action, newValue })]);
    });
    // A link or a message sent shows on the card only, in no list.
    changed(id, 'update', undefined, 'unchanged');
    return get(id);
  }

  return {
    /** A new public link; the old one is a 404 from now on. */
    replaceStatusLink(actor: Actor, id: number): Promise<TicketDetailDto> {
      return note(actor, id, (trx) => replaceStatusToken(trx, id), 'new_status_link');
    },

    /**
     * The person opened WhatsApp or the SMS app with the message (whether they pressed «send»
     * there cannot be known): recorded so colleagues see the client was told.
     */
    recordMessage(actor: Actor, id: number, channel: MessageChannel): Promise<TicketDetailDto> {
      return note(actor, id, async () => {}, 'message_sent', MESSAGE_CHANNEL_LABELS[channel]);
    },
  };
}
