import { Group, Loader, Text } from '@mantine/core';
import type { SaveStatus as Status } from '../../lib/autosave';

/** The one save indicator of every card (issue: one wording everywhere, no toast per save). */
export const SAVE_STATUS_TEXT: Record<Status, string> = {
  saved: 'Сохранено',
  pending: 'Сохранение…',
  waiting: 'Не сохранено — сохранится при выходе из поля',
  saving: 'Сохранение…',
  offline: 'Не сохранено — нет связи',
  invalid: 'Не сохранено — исправьте ошибку',
  conflict: 'Не сохранено — поле изменил другой сотрудник',
  failed: 'Не сохранено',
};

const COLOR: Record<Status, string> = {
  saved: 'dimmed',
  pending: 'dimmed',
  waiting: 'dimmed',
  saving: 'dimmed',
  offline: 'orange.8',
  invalid: 'red.7',
  conflict: 'orange.8',
  failed: 'red.7',
};

export function SaveStatus({ status }: { status: Status }) {
  return (
    <Group gap={6} wrap="nowrap" aria-live="polite">
      {(status === 'saving' || status === 'pending') && <Loader size={12} />}
      <Text size="sm" c={COLOR[status]} data-testid="save-status">
        {SAVE_STATUS_TEXT[status]}
      </Text>
    </Group>
  );
}
