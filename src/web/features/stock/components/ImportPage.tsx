import { Alert, Anchor, Button, FileButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../domain/routes';
import type { ImportReport } from '../../../../domain/stock';
import { BackLink } from '../../../components/BackLink';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useStockWrites } from '../api/stock-api';

const STATUS_LABELS = {
  preview: { add: 'Добавится', skip: 'Пропуск', error: 'Ошибка' },
  done: { add: 'Добавлена', skip: 'Пропущена', error: 'Ошибка' },
} as const;

/**
 * «Импорт из CSV» (issue 51): the file is checked first and every row reported; only then are
 * the new parts loaded. Rows already in the catalogue are skipped, so loading twice adds nothing.
 */
export function ImportPage() {
  const { importParts } = useStockWrites();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = (csv: string, dryRun: boolean) =>
    importParts.mutate(
      { csv, dryRun },
      {
        onSuccess: (answer) => {
          setReport(answer.report);
          setProblem(null);
          if (!dryRun) toast.success(`Добавлено запчастей: ${answer.report.added}`);
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  const pick = async (picked: File | null) => {
    if (!picked) return;
    const text = await picked.text();
    setFile({ name: picked.name, text });
    setReport(null);
    run(text, true);
  };

  return (
    <Stack>
      <BackLink fallback={paths.stock} fallbackLabel="Склад" />
      <Title order={2}>Импорт каталога из CSV</Title>
      <Text size="sm">
        Файл CSV в UTF-8, поля через «;», первая строка — заголовки: Название; Артикул; Штрихкод; Модели; Ед.;
        Цена закупки; Цена продажи; Количество; Минимум; Место. Обязательно только «Название». Сначала файл
        проверяется, и вы видите, что будет сделано; запчасти, которые уже есть (тот же штрихкод или артикул),
        пропускаются.
      </Text>
      <Group>
        <FileButton onChange={(picked) => void pick(picked)} accept=".csv,text/csv">
          {(props) => (
            <Button {...props} variant="default" loading={importParts.isPending && report === null}>
              Выбрать файл
            </Button>
          )}
        </FileButton>
        {file && <Text size="sm">{file.name}</Text>}
      </Group>
      <ErrorBox message={problem} />
      {report && (
        <Stack>
          <Alert
            color={report.dryRun ? 'blue' : 'green'}
            title={report.dryRun ? 'Проверка файла' : 'Загружено'}
          >
            {report.dryRun ? 'Добавится' : 'Добавлено'}: {report.added}, пропущено: {report.skipped}, с
            ошибками: {report.errors}
            {report.receiptId !== null && (
              <>
                . Остатки из файла пришли поступлением № {report.receiptId} «Импорт каталога». Смотрите{' '}
                <Anchor component={Link} to={paths.stock}>
                  каталог
                </Anchor>{' '}
                и{' '}
                <Anchor component={Link} to={paths.stockReceipts}>
                  поступления
                </Anchor>
                .
              </>
            )}
          </Alert>
          {report.dryRun && file && report.added > 0 && (
            <Group>
              <Button onClick={() => run(file.text, false)} loading={importParts.isPending}>
                Загрузить запчасти: {report.added}
              </Button>
            </Group>
          )}
          <Table.ScrollContainer minWidth={300}>
            <Table data-testid="import-report">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Строка</Table.Th>
                  <Table.Th>Название</Table.Th>
                  <Table.Th>{report.dryRun ? 'Что будет' : 'Что сделано'}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.rows.map((row) => (
                  <Table.Tr key={row.line}>
                    <Table.Td>{row.line}</Table.Td>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td c={row.status === 'error' ? 'red' : undefined}>
                      {STATUS_LABELS[report.dryRun ? 'preview' : 'done'][row.status]}
                      {row.message ? `: ${row.message}` : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}
