import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { REOPEN_REASON_MAX } from '../../../../domain/ticket-closing';
import { ticketStatusLabel, type Intake, type PipelineStatus } from '../../../../domain/ticket-status';

/** «Открыть заново» (issue 49): the reason goes to history; the ticket returns where it was closed from. */
export function ReopenDialog({
  opened,
  target,
  intake,
  pending,
  onCancel,
  onReopen,
}: {
  opened: boolean;
  target: PipelineStatus;
  intake: Intake;
  pending: boolean;
  onCancel: () => void;
  onReopen: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (reason.trim() === '') {
      setError('Укажите, почему заявку открывают заново');
      return;
    }
    onReopen(reason.trim());
  };
  return (
    <Modal opened={opened} onClose={onCancel} title="Открыть заявку заново?">
      <Stack>
        <Text size="sm">
          Заявка вернётся в статус «{ticketStatusLabel(target, intake)}», и её снова можно будет изменять.
          Причина попадёт в историю.
        </Text>
        <TextInput
          label="Причина"
          required
          maxLength={REOPEN_REASON_MAX}
          value={reason}
          error={error}
          data-autofocus
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit();
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Отмена
          </Button>
          <Button loading={pending} onClick={submit}>
            Открыть заново
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
