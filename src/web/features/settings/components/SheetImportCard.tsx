import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../domain/routes';

/** The way to «Перенос из другой программы» from «Настройки» (issue 56). */
export function SheetImportCard() {
  return (
    <Paper withBorder p="md" radius="md" id="import">
      <Stack gap="xs" align="flex-start">
        <Title order={3}>Перенос из другой программы</Title>
        <Text size="sm">
          Клиенты, устройства, ремонты и оплаты из таблицы Excel или CSV — выгрузки RemOnline, LiveSklad или
          своей таблицы. Сначала вы видите, что будет загружено, и загрузку можно отменить.
        </Text>
        <Button component={Link} to={paths.sheetImport} variant="default">
          Загрузить таблицу
        </Button>
      </Stack>
    </Paper>
  );
}
