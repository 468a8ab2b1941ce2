import { Alert, Button, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { PUBLIC_ADDRESS_EXAMPLE } from '../../../../domain/public-address';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { usePublicAddress, useSavePublicAddress } from '../api/public-address-api';

/**
 * «Адрес для клиентов» (issue 48): where a client's phone opens the status page. Until it is
 * set, messages and papers go without a link — one to this computer would not open for them.
 */
export function PublicAddressCard() {
  const current = usePublicAddress();
  const save = useSavePublicAddress();
  const [typed, setTyped] = useState<string | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const value = typed ?? current.data?.address ?? '';

  const submit = (force: boolean) =>
    save.mutate(
      { address: value, force },
      {
        onSuccess: (saved) => {
          setTyped(null);
          setUnreachable(false);
          toast.success(saved.address ? 'Адрес сохранён' : 'Адрес убран');
        },
        onError: (error) =>
          setUnreachable(
            error instanceof ApiError && (error.body as { unreachable?: boolean })?.unreachable === true,
          ),
      },
    );

  return (
    <Paper withBorder p="md" radius="md" id="public-address">
      <Stack gap="sm">
        <Title order={3}>Адрес для клиентов</Title>
        <Text size="sm" c="dimmed">
          По этому адресу клиент открывает страницу статуса ремонта — из сообщения или по QR-коду на
          квитанции. Пока адреса нет, ссылка в сообщения и на квитанции не добавляется: адрес этого компьютера
          у клиента не откроется.
        </Text>
        {current.data?.fromEnvironment ? (
          <Text size="sm">
            Адрес задан при запуске сервера (PUBLIC_URL): <Code>{current.data.address}</Code>
          </Text>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit(false);
            }}
          >
            <Stack gap="sm">
              <TextInput
                label="Адрес сервиса в интернете"
                placeholder={PUBLIC_ADDRESS_EXAMPLE}
                inputMode="url"
                autoComplete="url"
                value={value}
                onChange={(event) => {
                  setTyped(event.currentTarget.value);
                  setUnreachable(false);
                  save.reset();
                }}
                error={save.isError ? errorMessage(save.error) : undefined}
              />
              {unreachable && (
                <Alert color="yellow" variant="light">
                  Сервер проверяет адрес изнутри вашей сети; некоторые роутеры не пускают по внешнему адресу
                  изнутри. Если снаружи (с мобильного интернета) адрес открывается, сохраните его без
                  проверки.
                </Alert>
              )}
              <Group justify="flex-end" gap="xs">
                {unreachable && (
                  <Button variant="default" onClick={() => submit(true)} loading={save.isPending}>
                    Сохранить без проверки
                  </Button>
                )}
                <Button type="submit" loading={save.isPending}>
                  {value.trim() ? 'Проверить и сохранить' : 'Сохранить'}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
