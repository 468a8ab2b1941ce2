import { Anchor, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { Link, Navigate, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH, registerInput } from '../../../../domain/account-schemas';
import { paths } from '../../../../domain/routes';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/schema-form';
import { useMe } from '../../../lib/session';
import { useRegister } from '../api/auth-api';
import { AuthCard } from './AuthCard';

export function RegisterPage() {
  const me = useMe();
  const register = useRegister();
  const navigate = useNavigate();
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
        description={`Не короче ${PASSWORD_MIN_LENGTH} символов`}
        autoComplete="new-password"
        required
        {...field('password')}
      />
      <TextInput
        label="Код приглашения"
        description="Код выдаёт администратор"
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
