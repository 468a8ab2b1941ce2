import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../domain/routes';
import { CenteredMessage } from '../../../components/CenteredMessage';

/** The combined worklist arrives with the worklist issue; until then, the way into tickets and tasks. */
export function WorkPage() {
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Задачи</Title>
        <Group gap="xs">
          <Button variant="default" component={Link} to={paths.tickets}>
            Все заявки
          </Button>
          <Button variant="default" component={Link} to={paths.tasks}>
            Все задачи
          </Button>
          <Button variant="light" component={Link} to={paths.taskNew}>
            Задача
          </Button>
          <Button
            component={Link}
            to={`${paths.ticketNew}?title=${encodeURIComponent('Гарантийный ремонт')}`}
          >
            Гарантийный ремонт
          </Button>
        </Group>
      </Group>
      <CenteredMessage title="Пусто" />
    </Stack>
  );
}
