import { Button, PasswordInput, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { NEW_PASSWORD_HINT, passwordResetInput } from '../../../../domain/account-schemas';
import { paths } from '../../../../domain/routes';
import { ErrorBox } from '../../../components/ErrorBox';
import { api, errorMessage } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { useSchemaForm } from '../../../lib/schema-form';
import { resetToken } from '../../../lib/reset-token';
import { useMe } from '../../../lib/session';
import { AuthCard } from './AuthCard';

/** Where a one-time link from an admin (or an e-mail) leads: set a new password, then sign in. */
export function ResetPasswordPage() {
  const [token] = useState(resetToken);
  const me = useMe();
  const client = useQueryClient();
  const reset = useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api<void>('/api/auth/password-reset', { method: 'POST', body: input }),
    // Every session of the person ended, this browser's too if it was theirs.
    onSuccess: () => client.removeQueries({ queryKey: queryKeys.me }),
  });
  const { form, onSubmit } = useSchemaForm({
    schema: passwordResetInput,
    initialValues: { token, password: '' },
  });

  if (reset.isSuccess) {
    return (
      <AuthCard title="Пароль изменён" onSubmit={() => undefined}>
        <Text size="sm" ta="center">
          Войдите с новым паролем. На всех устройствах нужно будет войти заново.
        </Text>
        <Button component={Link} to={paths.login} fullWidth>
          Войти
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Новый пароль" onSubmit={onSubmit((data) => reset.mutate(data))}>
      {!token && (
        <ErrorBox message="Ссылка неполная: откройте её целиком из сообщения или попросите у владельца новую" />
      )}
      {me.data && (
        <Text size="sm" c="dimmed">
          Сейчас в этом браузере выполнен вход как {me.data.email}. Пароль будет задан для учётной записи из
          ссылки; чтобы войти с ним, выйдите из текущей.
        </Text>
      )}
      <ErrorBox message={reset.isError ? errorMessage(reset.error) : null} />
      <PasswordInput
        label="Новый пароль"
        description={NEW_PASSWORD_HINT}
        autoComplete="new-password"
        required
        disabled={!token}
        {...form.getInputProps('password')}
      />
      <Button type="submit" loading={reset.isPending} disabled={!token} fullWidth>
        Сохранить пароль
      </Button>
      <Text size="sm" ta="center">
        <Link to={paths.login}>Ко входу</Link>
      </Text>
    </AuthCard>
  );
}
