import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { clientCreateInput } from '../../../../domain/client-schemas';
import { paths } from '../../../../domain/routes';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { useFormValidation } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useCreateClient } from '../api/clients-api';
import { ClientFields, EMPTY_CLIENT, type ClientValues } from './ClientFields';

export function ClientNewPage() {
  const navigate = useNavigate();
  const create = useCreateClient();
  const [values, setValues] = useState<ClientValues>(EMPTY_CLIENT);
  const { errors, submit: validate } = useFormValidation(clientCreateInput, values);
  const nameMissing = !values.fullName.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: without a name, saving silently does nothing (the button is disabled too).
    if (nameMissing || create.isPending) return;
    const data = validate();
    if (!data) return;
    create.mutate(data, {
      onSuccess: (client) => {
        toast.success('Клиент сохранён');
        navigate(paths.client(client.id), { replace: true });
      },
    });
  };

  return (
    <Stack maw={640}>
      <Title order={2}>Новый клиент</Title>
      <Paper component="form" onSubmit={submit} noValidate withBorder p="md" radius="md">
        <Stack>
          <ErrorBox message={create.isError ? errorMessage(create.error) : null} />
          <ClientFields
            bind={(field) => ({
              value: values[field],
              error: errors[field],
              onChange: (e) => {
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [field]: value }));
              },
            })}
            autoFocus
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={paths.clients}>
              Отмена
            </Button>
            <Button type="submit" disabled={nameMissing} loading={create.isPending}>
              Сохранить
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
