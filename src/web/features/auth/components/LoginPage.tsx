import { Anchor, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { loginInput } from '../../../../domain/account-schemas';
import { paths } from '../../../../domain/routes';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { useFormValidation } from '../../../lib/form-errors';
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, submit: validate } = useFormValidation(loginInput, { email, password });

  if (me.data) return <Navigate to={returnPath(location.state)} replace />;

  const submit = () => {
    const data = validate();
    if (!data) return;
    login.mutate(data, { onSuccess: () => navigate(returnPath(location.state), { replace: true }) });
  };

  return (
    <AuthCard title="Вход" onSubmit={submit}>
      <ErrorBox message={login.isError ? errorMessage(login.error) : null} />
      <TextInput
        label="E-mail"
        type="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        error={errors.email}
        required
      />
      <PasswordInput
        label="Пароль"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={errors.password}
        required
      />
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
