import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { paths } from '../../../../domain/routes';
import { COUNT_CHANGED, type CountResult, type PartDto } from '../../../../domain/stock';
import { countInput, STOCK_NOTE_MAX } from '../../../../domain/stock-schemas';
import { BackLink } from '../../../components/BackLink';
import { ErrorBox } from '../../../components/ErrorBox';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useCountSheet, usePlaces, useStockWrites } from '../api/stock-api';

/** How the place with no name reads in the list. */
const NO_PLACE = 'Без места';

/**
 * «Инвентаризация» (issue 51): one place at a time. The sheet shows what should be there; each
 * part counted gets its number, the differences show as they are typed, and saving corrects the
 * stock with the reason. Parts left blank are not counted.
 */
export function CountPage() {
  const places = usePlaces();
  const [place, setPlace] = useState<string | null>(null);
  const [result, setResult] = useState<CountResult | null>(null);
  return (
    <Stack>
      <BackLink fallback={paths.stock} fallbackLabel="Склад" />
      <Title order={2}>Инвентаризация</Title>
      {result && (
        <Alert color={result.differences.length > 0 ? 'orange' : 'green'} title="Инвентаризация проведена">
          Посчитано позиций: {result.counted}.{' '}
          {result.differences.length > 0
            ? `Исправлено расхождений: ${result.differences.length}.`
            : 'Всё сошлось.'}
        </Alert>
      )}
      {places.isError && (
        <LoadFailed message={errorMessage(places.error)} onRetry={() => void places.refetch()} />
      )}
      <Select
        label="Место хранения"
        placeholder="Выберите, что считаете"
        data={(places.data ?? []).map((entry) => ({
          value: entry.place,
          label: `${entry.place || NO_PLACE} (${entry.parts})`,
        }))}
        value={place}
        onChange={(value) => {
          setPlace(value);
          setResult(null);
        }}
        allowDeselect={false}
      />
      {place !== null && (
        <Sheet
          key={place}
          place={place}
          onDone={(done) => {
            setResult(done);
            setPlace(null);
          }}
        />
      )}
    </Stack>
  );
}

function Sheet({ place, onDone }: { place: string; onDone: (result: CountResult) => void }) {
  const sheet = useCountSheet(place);
  const { count } = useStockWrites();
  const [counted, setCounted] = useState<Record<number, number | string>>({});
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (sheet.isPending) return <Skeleton height={160} />;
  if (sheet.isError)
    return <LoadFailed message={errorMessage(sheet.error)} onRetry={() => void sheet.refetch()} />;
  const parts: PartDto[] = sheet.data;
  const lines = parts.flatMap((part) => {
    const value = counted[part.id];
    return typeof value === 'number' ? [{ partId: part.id, expected: part.onHand, counted: value }] : [];
  });
  const differences = lines.filter((line) => line.counted !== line.expected).length;

  const submit = () => {
    const parsed = countInput.safeParse({ place, reason, lines });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Проверьте подсчёт');
    count.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success('Инвентаризация проведена');
        onDone(answer.count);
      },
      onError: (error) => {
        setProblem(errorMessage(error));
        // Stock moved during the count: the sheet is read again, the numbers typed stay.
        if (errorMessage(error) === COUNT_CHANGED) void sheet.refetch();
      },
    });
  };

  if (parts.length === 0) return <Text c="dimmed">Здесь нет запчастей.</Text>;
  return (
    <Stack>
      <ErrorBox message={problem} />
      <Table.ScrollContainer minWidth={420}>
        <Table data-testid="count-sheet">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Запчасть</Table.Th>
              <Table.Th>По учёту</Table.Th>
              <Table.Th>Посчитано</Table.Th>
              <Table.Th>Разница</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {parts.map((part) => {
              const value = counted[part.id];
              const difference = typeof value === 'number' ? value - part.onHand : null;
              return (
                <Table.Tr key={part.id}>
                  <Table.Td>{part.name}</Table.Td>
                  <Table.Td>
                    {part.onHand} {part.unit}
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Посчитано: ${part.name}`}
                      min={0}
                      allowDecimal={false}
                      allowNegative={false}
                      w={90}
                      value={value ?? ''}
                      onChange={(next) => setCounted((old) => ({ ...old, [part.id]: next }))}
                    />
                  </Table.Td>
                  <Table.Td c={difference ? 'red' : undefined}>
                    {difference === null
                      ? ''
                      : difference > 0
                        ? `+${difference}`
                        : difference === 0
                          ? '0'
                          : `−${-difference}`}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {differences > 0 && (
        <TextInput
          label="Причина расхождений"
          required
          maxLength={STOCK_NOTE_MAX}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Посчитано {lines.length} из {parts.length}, расхождений: {differences}
        </Text>
        <Button onClick={submit} loading={count.isPending} disabled={lines.length === 0}>
          Провести инвентаризацию
        </Button>
      </Group>
    </Stack>
  );
}
