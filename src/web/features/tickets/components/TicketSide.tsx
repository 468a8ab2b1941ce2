import { Paper } from '@mantine/core';
import type { TicketDetailDto } from '../../../../domain/ticket-schemas';
import { HistoryList } from '../../../components/HistoryList';
import { Attachments } from './Attachments';
import { ClientContact } from './ClientContact';
import { ClientMessages } from './ClientMessages';
import { DocumentLinks } from './DocumentLinks';

/** The card's side column: telling the client, printed documents, files, history. */
export function TicketSide({
  ticket,
  trashed,
  readOnly,
  onWrite,
}: {
  ticket: TicketDetailDto;
  /** In the Корзина: nothing is sent from it. */
  trashed: boolean;
  /** In the Корзина or closed: its files stay as they are. */
  readOnly: boolean;
  onWrite: () => void;
}) {
  return (
    <>
      <Paper withBorder p="md" radius="md">
        <ClientContact ticket={ticket} readOnly={trashed} onWrite={onWrite} />
      </Paper>

      <Paper withBorder p="md" radius="md">
        <ClientMessages ticketId={ticket.id} readOnly={trashed} />
      </Paper>

      <Paper withBorder p="md" radius="md">
        <DocumentLinks ticketId={ticket.id} />
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Attachments ticket={ticket} readOnly={readOnly} />
      </Paper>

      <Paper withBorder p="md" radius="md">
        <HistoryList kind="ticket" recordId={ticket.id} head={ticket} />
      </Paper>
    </>
  );
}
