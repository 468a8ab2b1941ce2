import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ClientDto } from '../../../../domain/client-schemas';
import { paths } from '../../../../domain/routes';
import { CopyPhoneButton } from '../../../components/CopyPhoneButton';
import { PhoneLink } from '../../../components/PhoneLink';
import { WhatsAppButton } from '../../../components/WhatsAppButton';

export function ClientRow({ client }: { client: ClientDto }) {
  return (
    <Paper withBorder px="md" py="sm" radius="md" data-testid="client-row">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: '1 1 220px' }}>
          <Anchor
            component={Link}
            to={paths.client(client.id)}
            fw={500}
            className="tap-target"
            style={{ overflowWrap: 'anywhere' }}
          >
            {client.fullName}
          </Anchor>
          {client.phone.trim() ? (
            <PhoneLink phone={client.phone} size="sm" />
          ) : (
            <Text size="sm" c="dimmed">
              Телефон не указан
            </Text>
          )}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <WhatsAppButton phone={client.phone} whatsappUrl={client.whatsappUrl} />
          <CopyPhoneButton phone={client.phone} />
        </Group>
      </Group>
    </Paper>
  );
}
