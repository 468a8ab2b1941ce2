import { Button, Group, Loader, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ExportLink } from '../../../components/ExportLink';
import { paths } from '../../../../domain/routes';
import { PagedList } from '../../../components/PagedList';
import { useClientList } from '../api/clients-api';
import { ClientRow } from './ClientRow';

export function ClientsPage() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(text.trim(), 250);
  const list = useClientList(q);

  // The search lives in the address, so a refresh or a shared link keeps it.
  useEffect(() => {
    setParams(q ? { q } : {}, { replace: true });
  }, [q, setParams]);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Клиенты</Title>
        <Group gap="md">
          <ExportLink list="clients" params={params} />
          <Button component={Link} to={paths.clientNew}>
            Новый клиент
          </Button>
        </Group>
      </Group>
      <TextInput
        type="search"
        placeholder="Поиск по ФИО или телефону"
        aria-label="Поиск клиентов"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        rightSection={list.isFetching ? <Loader size="xs" /> : null}
      />
      <PagedList
        query={list}
        empty={q ? 'Ничего не найдено' : 'Нет клиентов'}
        renderItem={(client) => <ClientRow key={client.id} client={client} />}
      />
    </Stack>
  );
}
