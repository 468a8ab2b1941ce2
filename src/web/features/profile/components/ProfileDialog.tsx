import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { profileInput, type ProfileInput } from '../../../../domain/account-schemas';
import type { UserDto } from '../../../../domain/users';
import { ErrorBox } from '../../../components/ErrorBox';
import { api, errorMessage } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/schema-form';
import { useCurrentUser, useSetMe } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { PasswordChangeForm } from './PasswordChangeForm';

/** Every user edits their own name and phone here, and changes their password. */
export function ProfileDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [changingPassword, setChangingPassword] = useState(false);
  const close = () => {
    setChangingPassword(false);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={changingPassword ? 'Сменить пароль' : 'Мой профиль'}>
      {opened &&
        (changingPassword ? (
          <PasswordChangeForm onDone={close} />
        ) : (
          <ProfileForm onDone={close} onChangePassword={() => setChangingPassword(true)} />
        ))}
    </Modal>
  );
}

function ProfileForm({ onDone, onChangePassword }: { onDone: () => void; onChangePassword: () => void }) {
  const me = useCurrentUser();
  const setMe = useSetMe();
  const { form, onSubmit } = useSchemaForm({
    schema: profileInput,
    initialValues: { displayName: me.displayName, phone: me.phone },
  });
  const field = (name: 'displayName' | 'phone') => form.getInputProps(name);
  const save = useMutation({
    mutationFn: (input: ProfileInput) =>
      api<{ user: UserDto }>('/api/me/profile', { method: 'PUT', body: input }),
    onSuccess: ({ user }) => {
      // The profile answer is the person alone; what their role allows stays as it was.
      setMe({ ...me, ...user });
      toast.success('Профиль сохранён');
      onDone();
    },
  });

  const submit = onSubmit((data) => save.mutate(data));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <ErrorBox message={save.isError ? errorMessage(save.error) : null} />
        <TextInput label="E-mail" value={me.email} readOnly variant="filled" />
        <TextInput label="ФИО" required {...field('displayName')} />
        <TextInput label="Телефон" type="tel" {...field('phone')} />
        <Button variant="subtle" onClick={onChangePassword} style={{ alignSelf: 'flex-start' }}>
          Сменить пароль
        </Button>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Отмена
          </Button>
          <Button type="submit" loading={save.isPending}>
            Сохранить
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
