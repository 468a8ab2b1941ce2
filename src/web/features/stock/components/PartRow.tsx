import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../domain/routes';
import { isLow, type PartDto } from '../../../../domain/stock';

/** «Свободно 3 шт», with what is on the shelf and held when repairs hold some. */
export function stockText(part: PartDto): string {
  const held = part.reserved > 0 ? ` (на складе ${part.onHand}, в резерве ${part.reserved})` : '';
  return `Свободно ${part.available} ${part.unit}${held}`;
}

/** One part of the catalogue's list: a link to its page. */
export function PartRow({ part }: { part: PartDto }) {
  const details = [part.article, part.place, part.models].filter(Boolean).join(' · ');
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component={Link}
      to={paths.part(part.id)}
      data-testid="part-row"
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={500} lineClamp={2}>
            {part.name}
          </Text>
          {details && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {details}
            </Text>
          )}
        </Stack>
        <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="sm">{stockText(part)}</Text>
          {isLow(part) && (
            <Badge color="orange" variant="light">
              Заканчивается
            </Badge>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
