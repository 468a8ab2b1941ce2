import {
  Alert,
  Button,
  FileButton,
  Group,
  NativeSelect,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  IMPORT_STATUSES,
  IMPORT_STATUS_LABELS,
  IMPORT_TARGETS,
  IMPORT_TARGET_LABELS,
  SINGLE_TARGETS,
  type ColumnTarget,
  type ImportStatus,
} from '../../../../domain/crm-import';
import type { ImportMappingInput } from '../../../../domain/crm-import-schemas';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../../domain/money';
import { paths } from '../../../../domain/routes';
import type { ImportPreviewDto } from '../../../../domain/sheet-import-dto';
import { BackLink } from '../../../components/BackLink';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { shownTypes, useTicketTypes } from '../api/ticket-types-api';
import { useImportBatch, usePreviewSheet, useStartImport } from '../api/sheet-import-api';
import { ImportBatches, ImportOutcome } from './ImportBatches';

const ENCODINGS: Record<ImportPreviewDto['encoding'], string> = {
  'utf-8': 'CSV, UTF-8',
  'windows-1251': 'CSV, Windows-1251',
  xlsx: 'Excel',
};

const TARGET_OPTIONS = [
  { value: 'skip', label: 'Не загружать' },
  ...IMPORT_TARGETS.map((target) => ({ value: target, label: IMPORT_TARGET_LABELS[target] })),
];
const STATUS_OPTIONS = IMPORT_STATUSES.map((status) => ({
  value: status,
  label: IMPORT_STATUS_LABELS[status],
}));
const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({
  value: method,
  label: PAYMENT_METHOD_LABELS[method],
}));

/**
 * «Перенос из другой программы» (issue 56): the admin picks a spreadsheet another repair system
 * exported, says where each column goes and what each status word means, checks what will be made
 * and refused, then imports it and watches it go in. Nothing is written before «Загрузить».
 */
export function SheetImportPage() {
  const types = useTicketTypes();
  const previewing = usePreviewSheet();
  const starting = useStartImport();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreviewDto | null>(null);
  const [columns, setColumns] = useState<ColumnTarget[]>([]);
  const [statuses, setStatuses] = useState<Record<string, ImportStatus>>({});
  const [ticketType, setTicketType] = useState('');
  const [payMethod, setPayMethod] = useState<PaymentMethod>('cash');
  /** The choices the summary on screen was checked with: «Загрузить» waits for a check of these. */
  const [checked, setChecked] = useState<string | null>(null);
  const [batchId, setBatchId] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const batch = useImportBatch(batchId);
  const typeNames = shownTypes(types.data);
  const chosenType = ticketType || typeNames[0] || '';

  const mapping = (): ImportMappingInput => ({ columns, statuses, ticketType: chosenType, payMethod });
  const current = JSON.stringify(mapping());

  const check = (picked: File, with_: ImportMappingInput | null) =>
    previewing.mutate(
      { file: picked, mapping: with_ },
      {
        onSuccess: (answer) => {
          setProblem(null);
          setPreview(answer);
          // Words the admin has not chosen for yet (a status column mapped since) take their guess.
          const guessed = Object.fromEntries(answer.statusWords.map((w) => [w.key, w.guess ?? 'new']));
          if (!with_) {
            setColumns(answer.columns);
            setStatuses(guessed);
            setChecked(
              JSON.stringify({
                columns: answer.columns,
                statuses: guessed,
                ticketType: chosenType,
                payMethod,
              }),
            );
          } else {
            const merged = { ...guessed, ...with_.statuses };
            setStatuses(merged);
            setChecked(JSON.stringify({ ...with_, statuses: merged }));
          }
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );

  const pick = (picked: File | null) => {
    if (!picked) return;
    setFile(picked);
    setPreview(null);
    setBatchId(null);
    check(picked, null);
  };

  const setColumn = (index: number, target: ColumnTarget) =>
    setColumns((now) =>
      now.map((value, i) => {
        if (i === index) return target;
        // A field takes one column: the one chosen last.
        return target !== 'skip' && SINGLE_TARGETS.includes(target as never) && value === target
          ? 'skip'
          : value;
      }),
    );

  const start = () => {
    if (!file) return;
    starting.mutate(
      { file, mapping: mapping() },
      {
        onSuccess: ({ batch: started }) => setBatchId(started.id),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  const upToDate = checked === current;
  const running = batch.data?.state === 'running';

  return (
    <Stack>
      <BackLink fallback={paths.settings} fallbackLabel="Настройки" />
      <Title order={2}>Перенос из другой программы</Title>
      <Text size="sm">
        Таблица из RemOnline, LiveSklad или своя: Excel (.xlsx) или CSV в UTF-8 или Windows-1251, через «;»
        или «,». Первая строка — заголовки. Клиенты находятся по телефону; строки, загруженные раньше,
        пропускаются; загрузку можно отменить целиком, пока её заявки никто не менял.
      </Text>
      <Group>
        <FileButton
          onChange={pick}
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        >
          {(props) => (
            <Button {...props} variant="default" loading={previewing.isPending && preview === null}>
              Выбрать файл
            </Button>
          )}
        </FileButton>
        {file && (
          <Text size="sm">
            {file.name}
            {preview ? ` · ${ENCODINGS[preview.encoding]} · строк: ${preview.rows}` : ''}
          </Text>
        )}
      </Group>
      <ErrorBox message={problem} />

      {preview && batchId === null && (
        <>
          <Title order={3}>Столбцы</Title>
          <Table.ScrollContainer minWidth={Math.max(320, preview.titles.length * 160)}>
            <Table data-testid="import-columns" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Строка</Table.Th>
                  {preview.titles.map((title, i) => (
                    <Table.Th key={i} miw={150}>
                      <Stack gap={4}>
                        <Text size="sm" fw={600}>
                          {title}
                        </Text>
                        <NativeSelect
                          aria-label={`Столбец «${title}»`}
                          data={TARGET_OPTIONS}
                          value={columns[i] ?? 'skip'}
                          onChange={(event) => setColumn(i, event.currentTarget.value as ColumnTarget)}
                        />
                      </Stack>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.sample.map((row) => (
                  <Table.Tr key={row.line}>
                    <Table.Td>{row.line}</Table.Td>
                    {row.cells.map((cell, i) => (
                      <Table.Td key={i} c={columns[i] === 'skip' ? 'dimmed' : undefined}>
                        {cell}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>

          {preview.statusWords.length > 0 && (
            <>
              <Title order={3}>Статусы</Title>
              <Stack gap="xs" maw={480}>
                {preview.statusWords.map((word) => (
                  <NativeSelect
                    key={word.key}
                    label={`«${word.word}» (строк: ${word.count})`}
                    description={word.guess === null ? 'Не узнали это слово — выберите статус' : undefined}
                    data={STATUS_OPTIONS}
                    value={statuses[word.key] ?? 'new'}
                    onChange={(event) => {
                      // Read now: the event's target is gone by the time React runs the update.
                      const status = event.currentTarget.value as ImportStatus;
                      setStatuses((now) => ({ ...now, [word.key]: status }));
                    }}
                  />
                ))}
              </Stack>
            </>
          )}

          <Group grow maw={480} align="flex-start">
            <NativeSelect
              label="Тип заявок"
              data={typeNames}
              value={chosenType}
              onChange={(event) => setTicketType(event.currentTarget.value)}
            />
            <NativeSelect
              label="Как платили"
              data={METHOD_OPTIONS}
              value={payMethod}
              onChange={(event) => setPayMethod(event.currentTarget.value as PaymentMethod)}
            />
          </Group>

          <Alert
            color={upToDate ? 'blue' : 'gray'}
            title={upToDate ? 'Что будет' : 'Выбор изменился — проверьте снова'}
          >
            <Stack gap={4}>
              <Text size="sm" data-testid="import-summary">
                Будет создано заявок: {preview.ready}; новых клиентов: {preview.newClients}; найдено по
                телефону: {preview.knownClients}; уже загружено раньше: {preview.alreadyImported}; с ошибками:{' '}
                {preview.refused}.
              </Text>
              <Group gap="xs">
                <Button
                  variant="default"
                  onClick={() => file && check(file, mapping())}
                  loading={previewing.isPending}
                >
                  Проверить
                </Button>
                <Button
                  onClick={start}
                  disabled={!upToDate || preview.ready === 0 || !chosenType}
                  loading={starting.isPending}
                >
                  Загрузить заявки: {preview.ready}
                </Button>
              </Group>
            </Stack>
          </Alert>

          {preview.refusals.length > 0 && (
            <Table.ScrollContainer minWidth={300}>
              <Table data-testid="import-refusals">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Строка</Table.Th>
                    <Table.Th>Почему не загрузится</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.refusals.map((row) => (
                    <Table.Tr key={row.line}>
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td c="red.8">{row.error}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}

      {batch.data && (
        <Stack gap="xs" data-testid="import-progress">
          {running && (
            <>
              <Text size="sm" role="status">
                Загружается: {batch.data.rowsDone} из {batch.data.rowsTotal}
              </Text>
              <Progress
                value={batch.data.rowsTotal === 0 ? 0 : (batch.data.rowsDone / batch.data.rowsTotal) * 100}
                aria-label="Загрузка"
                animated
              />
            </>
          )}
          {!running && <ImportOutcome batch={batch.data} />}
        </Stack>
      )}

      <ImportBatches />
    </Stack>
  );
}
