import { Alert, Button, Group, Text } from '@mantine/core';
import type { FieldConflictState } from '../../lib/autosave';

/**
 * Someone else saved this field while the person was editing it: say who and what
 * they wrote, and let the person keep theirs or put their own back.
 */
export function FieldConflict({
  label,
  conflict,
  describe = (value) => value || '(пусто)',
  onKeepTheirs,
  onKeepMine,
}: {
  label: string;
  conflict: FieldConflictState | undefined;
  describe?: (value: string) => string;
  onKeepTheirs: () => void;
  onKeepMine: () => void;
}) {
  if (!conflict) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={`Поле «${label}» изменил(а) ${conflict.changedBy}`}
      role="alert"
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        Сейчас: {describe(conflict.theirs)}
      </Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" variant="default" onClick={onKeepTheirs}>
          Оставить их вариант
        </Button>
        <Button size="xs" onClick={onKeepMine}>
          Вернуть мой
        </Button>
      </Group>
    </Alert>
  );
}
