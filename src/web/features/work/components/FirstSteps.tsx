import { Anchor, Button, Code, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../domain/routes';
import { useInviteCode } from '../../employees/public';

const NEW_REPAIR = `${paths.ticketNew}?title=${encodeURIComponent('Гарантийный ремонт')}`;

/** Served over plain HTTP from another machine: notifications and installing need HTTPS. */
function needsHttps(): boolean {
  const { protocol, hostname } = window.location;
  return protocol === 'http:' && hostname !== 'localhost' && hostname !== '127.0.0.1';
}

/** What an administrator does first in an empty shop; shown on the worklist until the first item exists. */
export function FirstSteps() {
  const inviteCode = useInviteCode();
  const registerAt = `${window.location.origin}${paths.register}`;
  return (
    <Paper withBorder p="md" radius="md" data-testid="first-steps">
      <Stack gap="sm">
        <Title order={3}>С чего начать</Title>
        <List type="ordered" spacing="sm">
          <List.Item>
            <Text size="sm">
              Создайте первую заявку или задачу.{' '}
              <Button component={Link} to={NEW_REPAIR} size="compact-sm" variant="light">
                Новая заявка
              </Button>
            </Text>
          </List.Item>
          <List.Item>
            <Text size="sm">
              Пригласите сотрудников: отправьте им адрес <Code>{registerAt}</Code> и код приглашения{' '}
              {inviteCode.data ? <Code>{inviteCode.data.code}</Code> : '(загружается…)'}. Роли и доступ —{' '}
              <Anchor component={Link} to={paths.employees}>
                на странице сотрудников
              </Anchor>
              .
            </Text>
          </List.Item>
          <List.Item>
            <Text size="sm">
              Включите уведомления кнопкой с колокольчиком вверху — на каждом компьютере и телефоне.
            </Text>
          </List.Item>
          {needsHttps() && (
            <List.Item>
              <Text size="sm">
                Чтобы уведомления работали и приложение устанавливалось на телефон, откройте его по HTTPS
                (адрес с https://): настройте обратный прокси и PUBLIC_URL, как описано в README.
              </Text>
            </List.Item>
          )}
        </List>
      </Stack>
    </Paper>
  );
}
