import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  NEW_PASSWORD_HINT,
  passwordChangeInput,
  type PasswordChangeInput,
} from '../../../../domain/account-schemas';
import { ErrorBox } from '../../../components/ErrorBox';
import { api, errorMessage } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/schema-form';
import { toast } from '../../../lib/toast';

/** «Сменить пароль»: the current one, then the new one; every other device is signed out. */
export function PasswordChangeForm({ onDone }: { onDone: () => void }) {
  const { form, onSubmit } = useSchemaForm({
    schema: passwordChangeInput,
    initialValues: { currentPassword: '', newPassword: '' },
  });
  const change = useMutation({
    mutationFn: (input: PasswordChangeInput) => api<void>('/api/me/password', { method: 'PUT', body: input }),
    onSuccess: () => {
      toast.success('Пароль изменён. На других устройствах нужно войти заново');
      onDone();
    },
  });
  return (
    <form onSubmit={onSubmit((data) => change.mutate(data))} noValidate>
      <Stack>
        <ErrorBox message={change.isError ? errorMessage(change.error) : null} />
        <PasswordInput
          label="Текущий пароль"
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="Новый пароль"
          description={NEW_PASSWORD_HINT}
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <Text size="xs" c="dimmed">
          После смены пароля на других устройствах нужно будет войти заново.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Отмена
          </Button>
          <Button type="submit" loading={change.isPending}>
            Сменить пароль
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
