import { Anchor, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { LoginInput } from '../../../../domain/account-schemas';
import { loginProblems } from '../../../../domain/credentials';
import { paths } from '../../../../domain/routes';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { useValidatedForm, type FormCheck } from '../../../lib/validated-form';
import { useMe } from '../../../lib/session';
import { useLogin } from '../api/auth-api';
import { AuthCard } from './AuthCard';

function returnPath(state: unknown): string {
  const from = (state as { from?: string } | null)?.from;
  return from?.startsWith(paths.app) ? from : paths.app;
}

export function LoginPage() {
  const me = useMe();
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  // Checked with the same rules as the shared schema (loginInput), without zod: the login
  // screen is the first a new phone downloads (issue 17, ≤ 170 KB of JavaScript).
  const { form, onSubmit } = useValidatedForm({
    initialValues: { email: '', password: '' },
    check: (values): FormCheck<LoginInput> => {
      const errors = loginProblems(values);
      return Object.keys(errors).length > 0
        ? { data: null, errors }
        : { data: { email: values.email.trim(), password: values.password }, errors: {} };
    },
  });

  if (me.data) return <Navigate to={returnPath(location.state)} replace />;

  const submit = onSubmit((data) =>
    login.mutate(data, { onSuccess: () => navigate(returnPath(location.state), { replace: true }) }),
  );

  return (
    <AuthCard title="Вход" onSubmit={submit}>
      <ErrorBox message={login.isError ? errorMessage(login.error) : null} />
      <TextInput
        label="E-mail"
        type="email"
        autoComplete="username"
        inputMode="email"
        {...form.getInputProps('email')}
        required
      />
      <PasswordInput
        label="Пароль"
        autoComplete="current-password"
        {...form.getInputProps('password')}
        required
      />
      <Anchor component={Link} to={paths.forgotPassword} size="sm" ta="right">
        Забыли пароль?
      </Anchor>
      <Button type="submit" loading={login.isPending} fullWidth>
        Войти
      </Button>
      <Text size="sm" ta="center">
        Нет учётной записи?{' '}
        <Anchor component={Link} to={paths.register}>
          Регистрация
        </Anchor>
      </Text>
    </AuthCard>
  );
}
