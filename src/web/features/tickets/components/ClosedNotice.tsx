import { Alert, Button, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { todayIn } from '../../../../domain/due-marks';
import { paths } from '../../../../domain/routes';
import type { TicketDetailDto } from '../../../../domain/ticket-schemas';
import { localTimeZone, warrantyText, warrantyUntil } from '../../../../domain/warranty';
import { errorMessage } from '../../../lib/api';
import { confirmModal } from '../../../lib/confirm';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useWarrantyReturn } from '../api/tickets-api';

/** Why a return would not be under warranty, as the confirmation says it. */
function noWarrantyText(days: number | null, warranty: string): string {
  if (days === null) return 'Гарантия не указана.';
  if (days === 0) return 'Гарантии нет.';
  return `Гарантия ${warranty.replace(/^гарантия /, '')}.`;
}

/**
 * Why the card's fields do not edit: the ticket is closed (issue 49). From here a device that
 * comes back opens its «Гарантийный возврат» in one step.
 */
export function ClosedNotice({ ticket }: { ticket: TicketDetailDto }) {
  const navigate = useNavigate();
  const open = useWarrantyReturn(ticket.id);
  const zone = localTimeZone();
  const until = warrantyUntil(ticket.closedAt, ticket.warrantyDays, zone);
  const warranty = warrantyText(until, todayIn(zone, new Date()));
  const expired = until !== null && until < todayIn(zone, new Date());

  const ask = () =>
    confirmModal({
      title: 'Оформить гарантийный возврат?',
      children: (
        <Text size="sm">
          {until !== null && !expired
            ? `Откроется новая заявка по этому устройству и клиенту (${warranty}), связанная с этой.`
            : `${noWarrantyText(ticket.warrantyDays, warranty)} Всё равно оформить новую заявку по этому устройству?`}
        </Text>
      ),
      labels: { confirm: 'Оформить', cancel: 'Отмена' },
      onConfirm: () =>
        open.mutate(undefined, {
          onSuccess: (created) => navigate(paths.ticket(created.id)),
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });

  return (
    <Alert
      color="gray"
      variant="light"
      title={ticket.closedAt ? `Закрыта ${formatDateTime(ticket.closedAt)}` : 'Закрыта'}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Закрытая заявка только для чтения: акт выдачи печатается таким, каким он был при закрытии. Чтобы
          что-то изменить, нажмите «Открыть заново» и укажите причину.
        </Text>
        <Button variant="default" size="compact-md" loading={open.isPending} onClick={ask}>
          Гарантийный возврат
        </Button>
      </Stack>
    </Alert>
  );
}
