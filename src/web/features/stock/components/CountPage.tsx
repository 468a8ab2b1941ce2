import { Alert, Button, Group, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { paths } from '../../../../domain/routes';
import type { CountResult, PartDto } from '../../../../domain/stock';
import { countInput, STOCK_NOTE_MAX } from '../../../../domain/stock-schemas';
import { BackLink } from '../../../components/BackLink';
import { ErrorBox } from '../../../components/ErrorBox';
import { wholeNumber } from '../../../components/WholeNumberInput';
import { LoadFailed } from '../../../components/LoadFailed';
import { ApiError, errorMessage } from '../../../lib/api';
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
        <Alert color="green" title="Инвентаризация проведена">
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
          label: `${entry.place || NO_PLACE} — запчастей: ${entry.parts}`,
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
  const [counted, setCounted] = useState<Record<number, string>>({});
  // What the person was shown as «По учёту» when they started: what the count is judged against.
  const [seen, setSeen] = useState<Record<number, number> | null>(null);
  const [moved, setMoved] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (sheet.isPending) return <Skeleton height={160} />;
  if (sheet.isError)
    return <LoadFailed message={errorMessage(sheet.error)} onRetry={() => void sheet.refetch()} />;
  const parts: PartDto[] = sheet.data;
  const expectedOf = (part: PartDto) => seen?.[part.id] ?? part.onHand;
  if (seen === null) setSeen(Object.fromEntries(parts.map((part) => [part.id, part.onHand])));
  const lines = parts.flatMap((part) => {
    const value = (counted[part.id] ?? '').trim();
    return value === '' ? [] : [{ partId: part.id, expected: expectedOf(part), counted: wholeNumber(value) }];
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
      onError: async (error) => {
        setProblem(errorMessage(error));
        const changed =
          error instanceof ApiError ? (error.body as { partIds?: number[] } | null)?.partIds : undefined;
        if (!changed) return;
        // Stock moved under the count: those parts are read again and counted again.
        const fresh = (await sheet.refetch()).data ?? [];
        setSeen((old) => ({
          ...old,
          ...Object.fromEntries(
            fresh.filter((part) => changed.includes(part.id)).map((part) => [part.id, part.onHand]),
          ),
        }));
        setCounted((old) =>
          Object.fromEntries(Object.entries(old).filter(([id]) => !changed.includes(Number(id)))),
        );
        setMoved(changed);
      },
    });
  };

  if (parts.length === 0) return <Text c="dimmed">Здесь нет запчастей.</Text>;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Считайте всё, что лежит на месте, вместе с запчастями, отложенными под ремонты («в резерве»): до
        выдачи они числятся на складе. Пустая строка — не считали.
      </Text>
      <ErrorBox message={problem} />
      <Table.ScrollContainer minWidth={300}>
        <Table data-testid="count-sheet">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Запчасть</Table.Th>
              <Table.Th>По учёту</Table.Th>
              <Table.Th>Посчитано</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {parts.map((part) => {
              const value = counted[part.id] ?? '';
              const number = wholeNumber(value);
              const expected = expectedOf(part);
              const difference = Number.isInteger(number) ? number - expected : null;
              return (
                <Table.Tr key={part.id} bg={moved.includes(part.id) ? 'orange.0' : undefined}>
                  <Table.Td>
                    {part.name}
                    {part.reserved > 0 && (
                      <Text size="xs" c="dimmed">
                        в резерве {part.reserved} {part.unit}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {expected} {part.unit}
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Посчитано: ${part.name}`}
                      inputMode="numeric"
                      w={80}
                      value={value}
                      error={value.trim() !== '' && difference === null}
                      onChange={(event) => {
                        const next = event.currentTarget.value;
                        setCounted((old) => ({ ...old, [part.id]: next }));
                      }}
                    />
                    <Text size="sm" c={difference ? 'red' : 'dimmed'} data-testid="count-difference">
                      {differenceText(difference)}
                    </Text>
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

/** «+2», «−1», «0», or nothing before a count is typed. */
function differenceText(difference: number | null): string {
  if (difference === null) return '';
  return difference > 0 ? `+${difference}` : difference < 0 ? `−${-difference}` : '0';
}
