import { Button, Group, Modal, Text } from '@mantine/core';
import type { Blocker } from 'react-router';
import type { SaveStatus } from '../../lib/autosave';

const EXPLANATION: Partial<Record<SaveStatus, string>> = {
  offline:
    'Нет связи с сервером. Изменения останутся на этом устройстве и отправятся, когда связь появится, но другие сотрудники пока их не видят.',
  invalid: 'В поле ошибка, и эти изменения не сохранены. Если уйти, они пропадут.',
  conflict: 'Это поле изменил другой сотрудник, и ваш вариант не сохранён. Если уйти, останется их вариант.',
  failed: 'Изменения не удалось сохранить. Если уйти, они пропадут.',
};

/** Asks before leaving a card whose edits cannot be sent right now, and says what happens to them. */
export function LeaveGuard({
  blocker,
  status,
  onLeave,
}: {
  blocker: Blocker;
  status: SaveStatus;
  /** Called before leaving: drops what can never be sent (the offline edits stay). */
  onLeave: () => void;
}) {
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Изменения не сохранены"
      centered
    >
      <Text size="sm">{EXPLANATION[status] ?? EXPLANATION.offline}</Text>
      <Group justify="flex-end" mt="md">
        <Button
          variant="default"
          onClick={() => {
            onLeave();
            blocker.proceed?.();
          }}
        >
          Уйти
        </Button>
        <Button onClick={() => blocker.reset?.()}>Остаться</Button>
      </Group>
    </Modal>
  );
}
