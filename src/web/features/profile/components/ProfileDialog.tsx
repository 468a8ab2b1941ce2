import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { profileInput, type ProfileInput } from '../../../../domain/account-schemas';
import type { UserDto } from '../../../../domain/users';
import { ErrorBox } from '../../../components/ErrorBox';
import { api, errorMessage } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/schema-form';
import { useCurrentUser, useSetMe } from '../../../lib/session';
import { toast } from '../../../lib/toast';

/** Every user edits their own name and phone here. */
export function ProfileDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Мой профиль">
      {opened && <ProfileForm onDone={onClose} />}
    </Modal>
  );
}

function ProfileForm({ onDone }: { onDone: () => void }) {
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
      setMe(user);
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
