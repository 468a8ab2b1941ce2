import { Button, SimpleGrid } from '@mantine/core';
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
import { useStepTicket } from '../api/tickets-api';

/** Only one step back or forward: no skipping (spec §4). */
export function StepControls({ ticket }: { ticket: TicketDetailDto }) {
  const stepTicket = useStepTicket(ticket.id);
  const back = neighbour(ticket.status, 'back', ticket.intake);
  const forward = neighbour(ticket.status, 'forward', ticket.intake);

  const go = (direction: StepDirection) => {
    // The same rule the server applies; checked here first so the answer is instant.
    const result = step(ticket, direction);
    if (!result.ok) {
      toast.error(STEP_REFUSAL_MESSAGES[result.reason]);
      return;
    }
    stepTicket.mutate(
      { direction, expectedStatus: ticket.status, expectedIntake: ticket.intake },
      { onError: (error) => toast.error(errorMessage(error)) },
    );
  };

  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
      <Button
        variant="default"
        disabled={!back}
        loading={stepTicket.isPending && stepTicket.variables?.direction === 'back'}
        onClick={() => go('back')}
      >
        {back ? `← ${ticketStatusLabel(back, ticket.intake)}` : 'Назад'}
      </Button>
      <Button
        disabled={!forward}
        loading={stepTicket.isPending && stepTicket.variables?.direction === 'forward'}
        onClick={() => go('forward')}
      >
        {forward ? `${ticketStatusLabel(forward, ticket.intake)} →` : 'Вперёд'}
      </Button>
    </SimpleGrid>
  );
}
