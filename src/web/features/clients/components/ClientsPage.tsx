import { Button, Group, Loader, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../../domain/routes';
import { CenteredMessage } from '../../../components/CenteredMessage';
import { errorMessage } from '../../../lib/api';
import { useClientList } from '../api/clients-api';
import { ClientRow } from './ClientRow';

export function ClientsPage() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(text.trim(), 250);
  const list = useClientList(q);
  const clients = list.data?.pages.flatMap((page) => page.items) ?? [];

  // The search lives in the address, so a refresh or a shared link keeps it.
  useEffect(() => {
    setParams(q ? { q } : {}, { replace: true });
  }, [q, setParams]);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Клиенты</Title>
        <Button component={Link} to={paths.clientNew}>
          Новый клиент
        </Button>
      </Group>
      <TextInput
        type="search"
        placeholder="Поиск по ФИО или телефону"
        aria-label="Поиск клиентов"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        rightSection={list.isFetching ? <Loader size="xs" /> : null}
      />
      {list.isPending && <CenteredMessage title="Загрузка..." />}
      {list.isError && <CenteredMessage title={errorMessage(list.error)} />}
      {list.isSuccess && clients.length === 0 && <CenteredMessage title="Нет клиентов" />}
      <Stack gap="xs">
        {clients.map((client) => (
          <ClientRow key={client.id} client={client} />
        ))}
      </Stack>
      {list.hasNextPage && (
        <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          Показать ещё
        </Button>
      )}
    </Stack>
  );
}
