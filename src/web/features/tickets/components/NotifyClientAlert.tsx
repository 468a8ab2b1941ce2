import { Alert, Button, Group, Text } from '@mantine/core';

/** At «Оповестить клиента»: a reminder to send the status and the repair page's link. */
export function NotifyClientAlert({ onWrite }: { onWrite: () => void }) {
  return (
    <Alert color="violet" variant="light" title="Сообщите клиенту">
      <Group justify="space-between" gap="xs">
        <Text size="sm">Отправьте сообщение со статусом и ссылкой на страницу ремонта.</Text>
        <Button size="xs" onClick={onWrite}>
          Написать клиенту
        </Button>
      </Group>
    </Alert>
  );
}
