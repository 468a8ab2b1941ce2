import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../domain/routes';
import { useDeviceHistory } from '../api/tickets-api';
import { visitText } from './DeviceStory';

/**
 * «Это устройство уже было у нас» (issue 49): at intake, a serial that matches earlier tickets
 * names the latest with its date and warranty, and links to the device's whole story.
 */
export function PreviousVisits({ serial, exceptId }: { serial: string; exceptId?: number }) {
  const deferred = useDeferredValue(serial);
  const story = useDeviceHistory(deferred);
  const visits = story.data?.tickets.filter((ticket) => ticket.id !== exceptId) ?? [];
  if (visits.length === 0 || !story.data) return null;
  const [latest] = visits;
  return (
    <Alert color="blue" variant="light" title="Это устройство уже было у нас">
      <Stack gap={4}>
        <Anchor component={Link} to={paths.ticket(latest!.id)} underline="always">
          {visitText(latest!)}
        </Anchor>
        {latest!.repairSummary && <Text size="sm">{latest!.repairSummary}</Text>}
        {visits.length > 1 && (
          <Anchor component={Link} to={paths.device(story.data.key)} underline="always" size="sm">
            Вся история устройства ({visits.length})
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
