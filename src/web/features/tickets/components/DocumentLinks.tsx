import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../domain/routes';
import { TICKET_DOCUMENT_TITLES, TICKET_DOCUMENTS } from '../../../../domain/ticket-documents';

/** The ticket's papers: each opens its print page, which also offers the PDF. */
export function DocumentLinks({ ticketId }: { ticketId: number }) {
  return (
    <Stack gap="xs">
      <Text fw={500}>Документы</Text>
      <Group gap="xs">
        {TICKET_DOCUMENTS.map((kind) => (
          <Button
            key={kind}
            component={Link}
            to={paths.ticketPrint(ticketId, kind)}
            variant="default"
            size="sm"
          >
            {TICKET_DOCUMENT_TITLES[kind]}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
