import { Button, Group, Loader, Select, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ExportLink } from '../../../components/ExportLink';
import { paths } from '../../../../domain/routes';
import {
  LEGACY_TICKET_STATUSES,
  TICKET_PIPELINE,
  TICKET_STATUS_LABELS,
  isTicketStatus,
  ticketStatusLabel,
} from '../../../../domain/ticket-status';
import { PagedList } from '../../../components/PagedList';
import { useLegacyStatusesInUse, useTicketList } from '../api/tickets-api';
import { TicketRow } from './TicketRow';

/** A walk-in's «Готов к выдаче» is the same status: the filter names both. */
function statusFilterLabel(status: (typeof TICKET_PIPELINE)[number]): string {
  const walkIn = ticketStatusLabel(status, 'walk_in');
  return walkIn === TICKET_STATUS_LABELS[status]
    ? walkIn
    : `${TICKET_STATUS_LABELS[status]} / ${walkIn.replace('Готов ', '')}`;
}

const PIPELINE_OPTIONS = {
  group: 'Статусы',
  items: TICKET_PIPELINE.map((s) => ({ value: s, label: statusFilterLabel(s) })),
};

/** The old tool's statuses are offered only while some ticket has one (or one is chosen). */
function statusOptions(inUse: readonly string[], chosen: string) {
  const legacy = LEGACY_TICKET_STATUSES.filter((s) => inUse.includes(s) || s === chosen);
  if (legacy.length === 0) return [PIPELINE_OPTIONS];
  return [
    PIPELINE_OPTIONS,
    { group: 'Старые статусы', items: legacy.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] })) },
  ];
}

export function TicketsPage() {
  const [params, setParams] = useSearchParams();
  const legacyInUse = useLegacyStatusesInUse();
  const [text, setText] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(text.trim(), 250);
  const fromUrl = params.get('status') ?? '';
  const status = isTicketStatus(fromUrl) ? fromUrl : '';
  const list = useTicketList({ q, status });

  // Filters live in the address, so a refresh or a shared link keeps them.
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, setParams]);

  const setStatus = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('status', value);
        else next.delete('status');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Все заявки</Title>
        <Group gap="md">
          <ExportLink list="tickets" params={params} />
          <Button component={Link} to={paths.ticketNew}>
            Новая заявка
          </Button>
        </Group>
      </Group>
      <Group grow wrap="wrap" align="flex-start">
        <TextInput
          type="search"
          placeholder="Поиск: тип, клиент, №"
          aria-label="Поиск заявок"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          rightSection={list.isFetching ? <Loader size="xs" /> : null}
          miw={220}
        />
        <Select
          aria-label="Статус"
          placeholder="Все статусы"
          data={statusOptions(legacyInUse.data ?? [], status)}
          value={status || null}
          onChange={setStatus}
          clearable
          miw={200}
        />
      </Group>
      <PagedList
        query={list}
        // The spec's text for an empty list; a search that found nothing says so (issue 48).
        empty={q ? 'Ничего не найдено' : 'Нет заявок'}
        renderItem={(ticket) => <TicketRow key={ticket.id} ticket={ticket} />}
      />
    </Stack>
  );
}
