import { Anchor, Button, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { forgotPasswordInput, type ForgotPasswordInput } from '../../../../domain/account-schemas';
import { paths } from '../../../../domain/routes';
import { ErrorBox } from '../../../components/ErrorBox';
import { LoadingMessage } from '../../../components/LoadingMessage';
import { api, errorMessage } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/schema-form';
import { publicConfigQuery } from '../../../lib/session';
import { AuthCard } from './AuthCard';

function BackToLogin() {
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={paths.login}>
        Ко входу
      </Anchor>
    </Text>
  );
}

/**
 * «Забыли пароль?»: with mail configured, a one-time link by e-mail (the same answer
 * whether or not the address has an account); without, who can help.
 */
export function ForgotPasswordPage() {
  const config = useQuery(publicConfigQuery);
  const ask = useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      api<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body: input }),
  });
  const { form, onSubmit } = useSchemaForm({ schema: forgotPasswordInput, initialValues: { email: '' } });

  if (config.isPending) return <LoadingMessage paused={config.fetchStatus === 'paused'} />;
  if (!config.data?.passwordByEmail) {
    return (
      <AuthCard title="Забыли пароль?" onSubmit={() => undefined}>
        <Text size="sm">
          Попросите владельца: на странице «Сотрудники» он выдаст одноразовую ссылку, по которой вы зададите
          новый пароль. Если забыл пароль сам владелец, ссылку печатает команда{' '}
          <code>npm run reset-password -- e-mail</code> на компьютере, где работает сервер.
        </Text>
        <BackToLogin />
      </AuthCard>
    );
  }
  if (ask.isSuccess) {
    return (
      <AuthCard title="Проверьте почту" onSubmit={() => undefined}>
        <Text size="sm" data-testid="forgot-answer">
          {ask.data.message}
        </Text>
        <BackToLogin />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Забыли пароль?" onSubmit={onSubmit((data) => ask.mutate(data))}>
      <Text size="sm">
        Введите e-mail учётной записи — пришлём ссылку, по которой можно задать новый пароль.
      </Text>
      <ErrorBox message={ask.isError ? errorMessage(ask.error) : null} />
      <TextInput
        label="E-mail"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        {...form.getInputProps('email')}
      />
      <Button type="submit" loading={ask.isPending} fullWidth>
        Прислать ссылку
      </Button>
      <BackToLogin />
    </AuthCard>
  );
}
