import { Badge } from '@mantine/core';

/** Beside a linked record (a ticket's client) that is in the Корзина; nothing otherwise. */
export function InTrashBadge({ inTrash }: { inTrash: boolean }) {
  if (!inTrash) return null;
  return (
    <Badge size="xs" color="red" variant="light">
      в корзине
    </Badge>
  );
}
