import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatRubles } from '../../../../domain/money';
import { paths } from '../../../../domain/routes';
import { isLow, MOVE_KIND_LABELS, type PartDto, type StockMoveDto } from '../../../../domain/stock';
import { ticketNumber } from '../../../../domain/ticket-number';
import { AppNotFound } from '../../../app/NotFoundPage';
import { BackLink } from '../../../components/BackLink';
import { DANGER_CONFIRM } from '../../../components/danger';
import { LoadFailed } from '../../../components/LoadFailed';
import { PagedList } from '../../../components/PagedList';
import { errorMessage } from '../../../lib/api';
import { confirmModal } from '../../../lib/confirm';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { usePart, usePartMoves, useStockWrites } from '../api/stock-api';
import { PartDialog } from './PartDialog';

/** A part's page (issue 51): what it is, how many, and every move of it with who, when and why. */
export function PartPage() {
  const id = Number(useParams().id);
  const part = usePart(id);
  // A part with moves stays (they are its stock's history): no «Удалить» is offered then.
  const moves = usePartMoves(id);
  const removable = moves.isSuccess && (moves.data.pages[0]?.items.length ?? 0) === 0;
  if (!Number.isSafeInteger(id) || id <= 0) return <AppNotFound />;
  return (
    <Stack>
      <BackLink fallback={paths.stock} fallbackLabel="Склад" />
      {part.isPending ? (
        <Skeleton height={200} />
      ) : part.isError ? (
        <LoadFailed message={errorMessage(part.error)} onRetry={() => void part.refetch()} />
      ) : (
        <PartCard part={part.data} removable={removable} />
      )}
      <Title order={3}>Движения</Title>
      <Moves id={id} />
    </Stack>
  );
}

function PartCard({ part, removable }: { part: PartDto; removable: boolean }) {
  const keeper = useCan('stock.manage');
  const navigate = useNavigate();
  const { removePart } = useStockWrites();
  const [editing, setEditing] = useState(false);
  const askRemove = () =>
    confirmModal({
      title: `Удалить запчасть «${part.name}»?`,
      children: <Text size="sm">По запчасти ещё не было движений: она просто исчезнет из каталога.</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: DANGER_CONFIRM,
      onConfirm: () =>
        removePart.mutate(part.id, {
          onSuccess: () => {
            toast.success('Запчасть удалена');
            navigate(paths.stock);
          },
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });
  const fields: [string, string][] = [
    ['Артикул', part.article],
    ['Штрихкод', part.barcode ?? ''],
    ['Совместимые модели', part.models],
    ['Место хранения', part.place],
    ['Цена продажи', formatRubles(part.price)],
    // Purchase prices come only with «Склад»; before the first receipt there are none.
    ...(part.lastCost !== null && part.avgCost !== null
      ? ([
          ['Закупка: последняя', part.lastCost > 0 ? formatRubles(part.lastCost) : '—'],
          ['Закупка: средняя', part.avgCost > 0 ? formatRubles(part.avgCost) : '—'],
        ] as [string, string][])
      : []),
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Title order={2}>{part.name}</Title>
          <Group gap="xs">
            <Button variant="default" component={Link} to={paths.partLabel(part.id)}>
              Этикетка
            </Button>
            {keeper && (
              <Button variant="default" onClick={() => setEditing(true)}>
                Изменить
              </Button>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="part-stock">
          <Figure label="На складе" value={`${part.onHand} ${part.unit}`} />
          <Figure label="В резерве" value={`${part.reserved} ${part.unit}`} />
          <Figure label="Свободно" value={`${part.available} ${part.unit}`} strong />
          <Figure label="Минимум" value={part.minQty > 0 ? `${part.minQty} ${part.unit}` : '—'} />
        </SimpleGrid>
        {isLow(part) && (
          <Text c="orange.8" fw={500}>
            Заканчивается: пора заказать
          </Text>
        )}
        <Stack gap={4}>
          {fields
            .filter(([, value]) => value !== '')
            .map(([label, value]) => (
              <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" c="dimmed" w={170} style={{ flexShrink: 0 }}>
                  {label}
                </Text>
                <Text size="sm">{value}</Text>
              </Group>
            ))}
        </Stack>
        {keeper && removable && (
          <Group>
            <Anchor
              component="button"
              type="button"
              c="red"
              size="sm"
              onClick={askRemove}
              className="tap-target"
            >
              Удалить запчасть
            </Anchor>
          </Group>
        )}
      </Stack>
      {editing && <PartDialog part={part} onClose={() => setEditing(false)} />}
    </Paper>
  );
}

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500}>{value}</Text>
    </Stack>
  );
}

/** «+5», «−1 · резерв −1», «резерв +2». */
export function changeText(move: Pick<StockMoveDto, 'onHandChange' | 'reservedChange'>): string {
  const signed = (value: number) => (value > 0 ? `+${value}` : `−${Math.abs(value)}`);
  return [
    move.onHandChange !== 0 ? signed(move.onHandChange) : '',
    move.reservedChange !== 0 ? `резерв ${signed(move.reservedChange)}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function Reason({ move }: { move: StockMoveDto }) {
  return (
    <Stack gap={0}>
      {move.ticketId !== null && (
        <Anchor component={Link} to={paths.ticket(move.ticketId)} size="sm">
          Заявка {ticketNumber(move.ticketId)}
        </Anchor>
      )}
      {move.receiptId !== null && (
        <Text size="sm">
          {move.kind === 'reversed' ? 'Сторно' : 'Поступление'} № {move.receiptId}
        </Text>
      )}
      {move.countId !== null && <Text size="sm">Инвентаризация № {move.countId}</Text>}
      {move.note && (
        <Text size="sm" c="dimmed">
          {move.note}
        </Text>
      )}
    </Stack>
  );
}

function Moves({ id }: { id: number }) {
  const moves = usePartMoves(id);
  return (
    <PagedList
      query={moves}
      empty="Движений пока не было"
      renderItem={() => null}
      renderItems={(items) => (
        // Four columns fit a phone: what and why in one, when and who in another.
        <Table.ScrollContainer minWidth={340}>
          <Table striped data-testid="part-moves">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Что</Table.Th>
                <Table.Th>Изменение</Table.Th>
                <Table.Th>Стало</Table.Th>
                <Table.Th>Когда</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((move) => (
                <Table.Tr key={move.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {MOVE_KIND_LABELS[move.kind]}
                    </Text>
                    <Reason move={move} />
                  </Table.Td>
                  <Table.Td>{changeText(move)}</Table.Td>
                  <Table.Td>
                    {move.onHandAfter}
                    {move.reservedAfter > 0 ? ` (резерв ${move.reservedAfter})` : ''}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(move.at)}</Text>
                    <Text size="xs" c="dimmed">
                      {move.userName}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    />
  );
}
