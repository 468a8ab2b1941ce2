import { Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { UploadButton } from '../../../components/UploadButton';
import { DANGER_CONFIRM } from '../../../components/danger';
import { errorMessage } from '../../../lib/api';
import { confirmModal } from '../../../lib/confirm';
import { toast } from '../../../lib/toast';
import { reportUploadError } from '../../../lib/upload';
import { useChangeLogo } from '../api/shop-profile-api';

/** The optional logo printed at the top of the receipt and the act (issue 18). */
export function LogoCard({ logoUrl }: { logoUrl: string | null }) {
  const change = useChangeLogo();

  const remove = () =>
    confirmModal({
      title: 'Удалить логотип?',
      children: <Text size="sm">Квитанции и акты будут печататься без логотипа.</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: DANGER_CONFIRM,
      onConfirm: () =>
        change.mutate(
          { file: null },
          {
            onSuccess: () => toast.success('Логотип удалён'),
            onError: (error) => toast.error(errorMessage(error)),
          },
        ),
    });

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Text fw={500}>Логотип</Text>
        <Text size="sm" c="dimmed">
          Печатается в шапке квитанции и акта. PNG, JPEG или WebP; большое изображение будет уменьшено.
        </Text>
        {logoUrl ? (
          <Image src={logoUrl} alt="Логотип" maw={240} mah={120} fit="contain" />
        ) : (
          <Text size="sm">Логотип не загружен</Text>
        )}
        <Group gap="xs" align="flex-start">
          <UploadButton
            label={logoUrl ? 'Заменить логотип' : 'Загрузить логотип'}
            accept="image/png,image/jpeg,image/webp"
            onFiles={async (files, options) => {
              const [file] = files;
              if (!file) return;
              await change
                .mutateAsync({ file, options })
                .then(() => toast.success('Логотип сохранён'))
                .catch(reportUploadError);
            }}
          />
          {logoUrl && (
            <Button
              variant="subtle"
              color="red"
              onClick={remove}
              loading={change.isPending && !change.variables?.file}
            >
              Удалить логотип
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
