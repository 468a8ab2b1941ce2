import { Button, Divider, Group, Text } from '@mantine/core';
import { ticketNumber } from '../../../../domain/ticket-schemas';
import type { useMoveToTrashConfirm } from '../../../components/trash/useMoveToTrashConfirm';

/**
 * «Удалить заявку», under the card. The card owns `remove` (useMoveToTrashConfirm): this foot can
 * go away as soon as the ticket is in the Корзина, and the move's answer (back to the list, the
 * «Восстановить» toast) must not go with it.
 */
export function TicketDeleteFoot({
  ticketId,
  remove,
}: {
  ticketId: number;
  remove: ReturnType<typeof useMoveToTrashConfirm>;
}) {
  return (
    <>
      <Divider />
      <Group justify="flex-end">
        <Button
          color="red"
          variant="subtle"
          onClick={() => remove.ask(<Text size="sm">Заявка {ticketNumber(ticketId)}.</Text>)}
          loading={remove.pending}
        >
          Удалить заявку
        </Button>
      </Group>
    </>
  );
}
