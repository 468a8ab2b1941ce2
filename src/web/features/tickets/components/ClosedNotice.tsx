import { Alert, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';

/** Why the card's fields do not edit: the ticket is closed (issue 49). */
export function ClosedNotice({ closedAt }: { closedAt: string | null }) {
  return (
    <Alert color="gray" variant="light" title={closedAt ? `Закрыта ${formatDateTime(closedAt)}` : 'Закрыта'}>
      <Text size="sm">
        Закрытая заявка только для чтения: акт выдачи печатается таким, каким он был при закрытии. Чтобы
        что-то изменить, нажмите «Открыть заново» и укажите причину.
      </Text>
    </Alert>
  );
}
