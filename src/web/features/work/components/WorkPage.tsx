import { Anchor, Box, Button, Group, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../../domain/routes';
import { DEFAULT_WORK_STATES } from '../../../../domain/worklist';
import { PagedList } from '../../../components/PagedList';
import { useWorklist } from '../api/work-api';
import { WorkFiltersBar, type WorkFilterValues } from './WorkFiltersBar';
import { WorkRow } from './WorkRow';

const NEW_REPAIR = `${paths.ticketNew}?title=${encodeURIComponent('Гарантийный ремонт')}`;

function CreateButtons() {
  return (
    <>
      <Button component={Link} to={NEW_REPAIR}>
        Гарантийный ремонт
      </Button>
      <Button component={Link} to={paths.taskNew} variant="light">
        Задача
      </Button>
    </>
  );
}

/**
 * The combined worklist (spec §2, §4). Filters live in the address, so a refresh
 * or a shared link keeps them; the server filters, orders and pages.
 */
export function WorkPage() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(text.trim(), 250);
  const values: WorkFilterValues = {
    text,
    type: params.get('type') ?? '',
    assignee: params.get('assignee') ?? '',
    states: params.get('states') ?? undefined,
  };
  const list = useWorklist({ q, type: values.type, assignee: values.assignee, states: values.states });

  const setParam = (name: string, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === undefined || (value === '' && name !== 'states')) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    setParam('q', q || undefined);
    // setParam is rebuilt every render; only the debounced text matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const onChange = (changes: Partial<WorkFilterValues>) => {
    if (changes.text !== undefined) setText(changes.text);
    if (changes.type !== undefined) setParam('type', changes.type);
    if (changes.assignee !== undefined) setParam('assignee', changes.assignee);
    if (changes.states !== undefined) {
      // The default needs no parameter, so a plain /app/work link shows it.
      setParam('states', changes.states === DEFAULT_WORK_STATES.join(',') ? undefined : changes.states);
    }
  };

  return (
    <Stack pb={{ base: 72, sm: 0 }}>
      <Group justify="space-between">
        <Title order={2}>Задачи</Title>
        <Group gap="xs" visibleFrom="sm">
          <CreateButtons />
        </Group>
      </Group>
      <WorkFiltersBar values={values} loading={list.isFetching} onChange={onChange} />
      <PagedList
        query={list}
        empty="Пусто"
        renderItem={(item) => <WorkRow key={`${item.kind}-${item.id}`} item={item} />}
      />
      <Group gap="md" justify="center">
        <Anchor component={Link} to={paths.tickets} size="sm">
          Все заявки
        </Anchor>
        <Anchor component={Link} to={paths.tasks} size="sm">
          Все задачи
        </Anchor>
      </Group>
      {/* On a phone the create buttons sit in a fixed bar at the bottom, within thumb reach. */}
      <Box
        hiddenFrom="sm"
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        p="sm"
        bg="var(--mantine-color-body)"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 100 }}
        data-testid="bottom-bar"
      >
        <Group grow gap="sm">
          <CreateButtons />
        </Group>
      </Box>
    </Stack>
  );
}
