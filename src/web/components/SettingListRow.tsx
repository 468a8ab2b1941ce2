import { ActionIcon, Badge, Button, Group, Stack, Text } from '@mantine/core';

/**
 * One entry of a shop's own list in «Настройки» (a ticket type, a repair stage): its name, «Скрыт»
 * when hidden, one dimmed line of details, «Изменить», and «✕» only while nothing uses it.
 */
export function SettingListRow({
  name,
  hidden,
  details,
  removeLabel,
  onEdit,
  onRemove,
}: {
  name: string;
  hidden: boolean;
  /** Shown joined by « · »; empty parts are left out. */
  details: (string | false | null | undefined)[];
  /** The cross's accessible name, e.g. «Удалить этап «Диагностика»». */
  removeLabel: string;
  onEdit: () => void;
  /** Absent while something uses the entry: then it can only be hidden. */
  onRemove: (() => void) | undefined;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap={6}>
          <Text fw={500}>{name}</Text>
          {hidden && (
            <Badge color="gray" variant="light">
              Скрыт
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {details.filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <Button variant="subtle" size="compact-sm" onClick={onEdit}>
          Изменить
        </Button>
        {onRemove && (
          <ActionIcon variant="subtle" color="red.9" aria-label={removeLabel} onClick={onRemove}>
            ✕
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
}
