import { Paper } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { paths } from '../../../../domain/routes';
import type { TicketDetailDto } from '../../../../domain/ticket-schemas';
import { BackLink } from '../../../components/BackLink';
import { DetailColumns } from '../../../components/DetailColumns';
import { LeaveGuard } from '../../../components/editing/LeaveGuard';
import { RecordGate } from '../../../components/RecordGate';
import { TrashBanner } from '../../../components/trash/TrashBanner';
import { useMoveToTrashConfirm } from '../../../components/trash/useMoveToTrashConfirm';
import { useCan } from '../../../lib/session';
import { useUserOptions } from '../../employees/public';
import { TicketMoneySection } from '../../money/public';
import { CommentsLink, CommentThread } from '../../comments/thread';
import { repairStagesQuery } from '../../../lib/repair-stages-query';
import { useTicket } from '../api/tickets-api';
import { MessageDialog, type MessageTemplateChoice } from './MessageDialog';
import { conflictNotices } from './ticket-conflicts';
import { TicketClientSection } from './TicketClientSection';
import { TicketDeleteFoot } from './TicketDeleteFoot';
import { TicketDeviceSection } from './TicketDeviceSection';
import { TicketHeader } from './TicketHeader';
import { TicketSide } from './TicketSide';
import { TicketStepsSection } from './TicketStepsSection';
import { ClosedNotice } from './ClosedNotice';
import { ReturnLinks } from './ReturnLinks';
import { TicketWorkSection } from './TicketWorkSection';
import { useTicketDraft } from './use-ticket-draft';

export function TicketPage() {
  const id = Number(useParams().id);
  const ticket = useTicket(id);
  return (
    <RecordGate id={id} query={ticket} notFound="Заявка не найдена">
      {(record) => <TicketCard key={record.id} ticket={record} />}
    </RecordGate>
  );
}

function TicketCard({ ticket }: { ticket: TicketDetailDto }) {
  const remove = useMoveToTrashConfirm('ticket', ticket.id, paths.tickets);
  const canDelete = useCan('trash.delete');
  const users = useUserOptions();
  const stages = useQuery(repairStagesQuery);
  // «Написать клиенту» opens the status's template; a sent estimate opens its own (issue 50).
  const [writing, setWriting] = useState<MessageTemplateChoice | null>(null);
  const trashed = ticket.deletedAt !== null;
  // A closed ticket is what the client signed for: read-only until «Открыть заново» (issue 49).
  const readOnly = trashed || ticket.status === 'closed';
  const draft = useTicketDraft(ticket);
  const conflictFor = conflictNotices(ticket, draft, users.data, stages.data);
  const write = () => setWriting('status');
  const section = { ticket, draft, readOnly, conflictFor };

  return (
    <DetailColumns
      top={
        <>
          <LeaveGuard blocker={draft.blocker} status={draft.status} onLeave={draft.discardUnsendable} />
          <MessageDialog ticket={ticket} opened={writing} onClose={() => setWriting(null)} />
          <BackLink fallback={paths.tickets} fallbackLabel="Заявки" />
          {ticket.deletedAt !== null && (
            <TrashBanner
              kind="ticket"
              id={ticket.id}
              deletedAt={ticket.deletedAt}
              deletedByName={ticket.deletedByName}
            />
          )}
          <TicketHeader ticket={ticket} />
          <CommentsLink kind="ticket" itemId={ticket.id} />
          <ReturnLinks ticket={ticket} />
          {ticket.status === 'closed' && !trashed && <ClosedNotice ticket={ticket} />}
        </>
      }
      main={
        <>
          <TicketClientSection {...section} />
          <TicketStepsSection {...section} trashed={trashed} onWrite={write} />
          <TicketDeviceSection
            ticketId={ticket.id}
            draft={draft}
            readOnly={readOnly}
            conflictFor={conflictFor}
          />
          <TicketWorkSection {...section} users={users.data} />
          <TicketMoneySection
            ticketId={ticket.id}
            linesLocked={readOnly}
            trashed={trashed}
            onEstimateSent={() => setWriting('estimate')}
          />
          {/* A closed ticket can still be talked about; one in the Корзина cannot. */}
          <Paper withBorder p="md" radius="md">
            <CommentThread kind="ticket" itemId={ticket.id} readOnly={trashed} people={users.data ?? []} />
          </Paper>
        </>
      }
      side={<TicketSide ticket={ticket} trashed={trashed} readOnly={readOnly} onWrite={write} />}
      foot={!trashed && canDelete && <TicketDeleteFoot ticketId={ticket.id} remove={remove} />}
    />
  );
}
