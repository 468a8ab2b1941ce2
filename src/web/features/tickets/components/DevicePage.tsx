import { Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { countRu } from '../../../../domain/plural';
import { paths } from '../../../../domain/routes';
import { BackLink } from '../../../components/BackLink';
import { CenteredMessage } from '../../../components/CenteredMessage';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingMessage } from '../../../components/LoadingMessage';
import { errorMessage } from '../../../lib/api';
import { useDeviceHistory } from '../api/tickets-api';
import { DeviceVisits } from './DeviceStory';

/** A device's whole story (issue 49): every ticket it had here, by its serial / IMEI. */
export function DevicePage() {
  const serial = useParams().serial ?? '';
  const story = useDeviceHistory(serial);
  const latest = story.data?.tickets[0];
  return (
    <Stack maw={760}>
      <BackLink fallback={paths.tickets} fallbackLabel="Заявки" />
      <Title order={2}>Устройство {latest?.serialNumber || serial}</Title>
      {story.isError ? (
        <LoadFailed message={errorMessage(story.error)} onRetry={() => void story.refetch()} />
      ) : !story.data ? (
        <LoadingMessage paused={story.fetchStatus === 'paused'} />
      ) : story.data.tickets.length === 0 ? (
        <CenteredMessage title="Нет заявок" inList>
          <Text c="dimmed">С этим серийным номером заявок не было.</Text>
        </CenteredMessage>
      ) : (
        <Paper withBorder p="md" radius="md">
          <Stack>
            <Text>
              {latest?.device ? `${latest.device} · ` : ''}
              {countRu(story.data.tickets.length, ['заявка', 'заявки', 'заявок'])}
            </Text>
            <DeviceVisits tickets={story.data.tickets} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
