import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { clientCreateInput } from '../../../../domain/client-schemas';
import { paths } from '../../../../domain/routes';
import { CancelButton } from '../../../components/BackLink';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/schema-form';
import { toast } from '../../../lib/toast';
import { useCreateClient } from '../api/clients-api';
import { ClientFields, EMPTY_CLIENT } from './ClientFields';
import { SamePhoneHint } from './SamePhoneHint';

export function ClientNewPage() {
  const navigate = useNavigate();
  const create = useCreateClient();
  const { form, onSubmit } = useSchemaForm({
    schema: clientCreateInput,
    initialValues: { ...EMPTY_CLIENT, despiteSamePhone: false },
  });
  const nameMissing = !form.getValues().fullName.trim();

  const save = onSubmit((data) =>
    create.mutate(data, {
      onSuccess: (client) => {
        toast.success('Клиент сохранён');
        navigate(paths.client(client.id), { replace: true });
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: without a name, saving silently does nothing (the button is disabled too).
    if (nameMissing || create.isPending) return;
    save();
  };

  return (
    <Stack maw={640}>
      <Title order={2}>Новый клиент</Title>
      <Paper component="form" onSubmit={submit} noValidate withBorder p="md" radius="md">
        <Stack>
          <ErrorBox message={create.isError ? errorMessage(create.error) : null} />
          <ClientFields
            bind={(field) => {
              const { value, error, onChange } = form.getInputProps(field);
              return { value: value as string, error: error as string | undefined, onChange };
            }}
            autoFocus
          />
          <SamePhoneHint
            phone={form.getValues().phone}
            actionLabel="Открыть карточку"
            onPick={(client) => navigate(paths.client(client.id))}
            despite={form.getValues().despiteSamePhone}
            onDespite={(despite) => form.setFieldValue('despiteSamePhone', despite)}
          />
          <Group justify="flex-end">
            <CancelButton fallback={paths.clients} />
            <Button type="submit" disabled={nameMissing} loading={create.isPending}>
              Сохранить
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
