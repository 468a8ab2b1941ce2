import { Anchor, Button, Code, Paper, PasswordInput, Text, TextInput } from '@mantine/core';
import { Link, Navigate, useNavigate } from 'react-router';
import { NEW_PASSWORD_HINT, registerInput } from '../../../../domain/account-schemas';
import { paths } from '../../../../domain/routes';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/schema-form';
import { useMe } from '../../../lib/session';
import { useFirstRun, useRegister } from '../api/auth-api';
import { AuthCard } from './AuthCard';

export function RegisterPage() {
  const me = useMe();
  const register = useRegister();
  const navigate = useNavigate();
  const firstRun = useFirstRun();
  const { form, onSubmit } = useSchemaForm({
    schema: registerInput,
    initialValues: { displayName: '', email: '', password: '', inviteCode: '' },
  });

  if (me.data) return <Navigate to={paths.app} replace />;

  const field = (name: 'displayName' | 'email' | 'password' | 'inviteCode') => form.getInputProps(name);
  const submit = onSubmit((data) =>
    register.mutate(data, { onSuccess: () => navigate(paths.app, { replace: true }) }),
  );

  return (
    <AuthCard title="Регистрация сотрудника" onSubmit={submit}>
      {firstRun.data && (
        // Not an Alert: role="alert" is kept for errors, which screen readers announce.
        <Paper withBorder p="sm" radius="md" bg="blue.0" data-testid="first-run-note">
          <Text size="sm" fw={600}>
            Первая учётная запись
          </Text>
          <Text size="sm">
            Учётных записей ещё нет: та, что вы создадите, станет учётной записью владельца. Код приглашения
            напечатан в окне сервера при запуске (в рамке «Код приглашения»); узнать его снова можно командой{' '}
            <Code>npm run invite-code</Code> на компьютере, где работает сервер.
          </Text>
        </Paper>
      )}
      <ErrorBox message={register.isError ? errorMessage(register.error) : null} />
      <TextInput label="ФИО" autoComplete="name" required {...field('displayName')} />
      <TextInput
        label="E-mail"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        {...field('email')}
      />
      <PasswordInput
        label="Пароль"
        description={NEW_PASSWORD_HINT}
        autoComplete="new-password"
        required
        {...field('password')}
      />
      <TextInput
        label="Код приглашения"
        description={firstRun.data ? 'Из окна сервера или npm run invite-code' : 'Код выдаёт владелец'}
        autoComplete="off"
        required
        {...field('inviteCode')}
      />
      <Button type="submit" loading={register.isPending} fullWidth>
        Зарегистрироваться
      </Button>
      <Text size="sm" ta="center">
        Уже есть учётная запись?{' '}
        <Anchor component={Link} to={paths.login}>
          Войти
        </Anchor>
      </Text>
    </AuthCard>
  );
}
