import { Button, Code, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { inviteCodeInput } from '../../../../domain/account-schemas';
import { errorMessage } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/schema-form';
import { toast } from '../../../lib/toast';
import { useChangeInviteCode, useInviteCode } from '../api/employees-api';

export function InviteCodeCard() {
  const inviteCode = useInviteCode();
  const change = useChangeInviteCode();
  const { form, onSubmit, reset } = useSchemaForm({ schema: inviteCodeInput, initialValues: { code: '' } });

  const save = onSubmit(({ code }) =>
    change.mutate(code, {
      onSuccess: () => {
        reset();
        toast.success('Код приглашения изменён');
      },
      onError: (e) => form.setFieldError('code', errorMessage(e)),
    }),
  );

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={4}>Код приглашения</Title>
        <Text size="sm" c="dimmed">
          Новые сотрудники вводят этот код при регистрации.
        </Text>
        {inviteCode.isPending && (
          <Text size="sm">
            {inviteCode.fetchStatus === 'paused' ? 'Нет связи с сервером' : 'Загрузка...'}
          </Text>
        )}
        {inviteCode.isError && <Text c="red">{errorMessage(inviteCode.error)}</Text>}
        {inviteCode.data && (
          <>
            <Group gap="sm">
              <Code fz="lg" data-testid="invite-code">
                {inviteCode.data.code}
              </Code>
              <CopyButton value={inviteCode.data.code}>
                {({ copy }) => (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => {
                      copy();
                      toast.success('Скопировано');
                    }}
                  >
                    Копировать
                  </Button>
                )}
              </CopyButton>
            </Group>
            {inviteCode.data.fromEnvironment ? (
              <Text size="sm" c="dimmed">
                Код задан в настройках сервера (INVITE_CODE) и меняется только там.
              </Text>
            ) : (
              <Group align="flex-start" gap="sm">
                <TextInput
                  aria-label="Новый код приглашения"
                  placeholder="Новый код"
                  {...form.getInputProps('code')}
                  maw={260}
                />
                <Button
                  onClick={() => save()}
                  loading={change.isPending}
                  disabled={!form.getValues().code.trim()}
                >
                  Сменить код
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
