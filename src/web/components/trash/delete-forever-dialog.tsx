import { DANGER_CONFIRM } from '../danger';
import { Text } from '@mantine/core';
import { confirmModal } from '../../lib/confirm';
import type { RecordKind } from '../../../domain/records';
import { FOREVER_WARNINGS } from './trash-texts';

/** «Удалить навсегда?»: what goes, that it cannot be undone; `onConfirm` deletes. */
export function openDeleteForeverDialog(kind: RecordKind, onConfirm: () => void) {
  confirmModal({
    title: 'Удалить навсегда?',
    children: <Text size="sm">{FOREVER_WARNINGS[kind]}</Text>,
    labels: { confirm: 'Удалить навсегда', cancel: 'Отмена' },
    confirmProps: DANGER_CONFIRM,
    onConfirm,
  });
}
