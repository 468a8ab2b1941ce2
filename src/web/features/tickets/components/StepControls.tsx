import { Button, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import type { TicketDetailDto } from '../../../../domain/ticket-schemas';
import {
  neighbour,
  step,
  STEP_REFUSAL_MESSAGES,
  ticketStatusLabel,
  type StepDirection,
} from '../../../../domain/ticket-status';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useReopenTicket, useStepTicket } from '../api/tickets-api';
import { TakePaymentButton, useTicketMoney } from '../../money/public';
import { CloseDialog, type Closing } from './CloseDialog';
import { ReopenDialog } from './ReopenDialog';

/**
 * Only one step back or forward: no skipping (spec §4). The step into «Закрыта» asks first and
 * takes the repair summary; out of it is «Открыть заново» with a reason (issue 49).
 */
export function StepControls({ ticket, draftSummary }: { ticket: TicketDetailDto; draftSummary: string }) {
  const stepTicket = useStepTicket(ticket.id);
  // What is owed, for «Закрыть заявку?»: the money section on the same card reads it too.
  const money = useTicketMoney(ticket.id);
  const due = money.data?.due ?? 0;
  const reopen = useReopenTicket(ticket.id);
  const [asking, setAsking] = useState<'close' | 'reopen' | null>(null);
  const back = neighbour(ticket.status, 'back', ticket.intake);
  const forward = neighbour(ticket.status, 'forward', ticket.intake);
  const onError = (error: unknown) => {
    toast.error(errorMessage(error));
    // A close refused for money owed (paid or added elsewhere a moment ago): show what is owed now.
    void money.refetch();
  };

  const go = (direction: StepDirection, closing?: Closing) => {
    // The same rule the server applies; checked here first so the answer is instant.
    const result = step(ticket, direction);
    if (!result.ok) {
      toast.error(STEP_REFUSAL_MESSAGES[result.reason]);
      return;
    }
    if (result.status === 'closed' && closing === undefined) {
      setAsking('close');
      return;
    }
    stepTicket.mutate(
      {
        direction,
        expectedStatus: ticket.status,
        expectedIntake: ticket.intake,
        ...closing,
      },
      { onError, onSuccess: () => setAsking(null) },
    );
  };

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {ticket.reopensTo ? (
          <Button variant="default" onClick={() => setAsking('reopen')}>
            Открыть заново
          </Button>
        ) : (
          <Button
            variant="default"
            disabled={!back}
            loading={stepTicket.isPending && stepTicket.variables?.direction === 'back'}
            onClick={() => go('back')}
          >
            {back ? `← ${ticketStatusLabel(back, ticket.intake)}` : 'Назад'}
          </Button>
        )}
        <Button
          disabled={!forward}
          loading={stepTicket.isPending && stepTicket.variables?.direction === 'forward'}
          onClick={() => go('forward')}
        >
          {forward ? `${ticketStatusLabel(forward, ticket.intake)} →` : 'Вперёд'}
        </Button>
      </SimpleGrid>
      <CloseDialog
        opened={asking === 'close'}
        summary={draftSummary}
        warrantyDays={ticket.warrantyDays}
        due={due}
        payerName={money.data?.payer?.name ?? null}
        payment={<TakePaymentButton ticketId={ticket.id} />}
        pending={stepTicket.isPending}
        onCancel={() => setAsking(null)}
        onClose={(closing) => go('forward', closing)}
      />
      {ticket.reopensTo && (
        <ReopenDialog
          opened={asking === 'reopen'}
          target={ticket.reopensTo}
          intake={ticket.intake}
          pending={reopen.isPending}
          onCancel={() => setAsking(null)}
          onReopen={(reason) => reopen.mutate({ reason }, { onError, onSuccess: () => setAsking(null) })}
        />
      )}
    </>
  );
}
