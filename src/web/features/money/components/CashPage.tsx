import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { NON_FISCAL_NOTICE, type CashMoveKind, type CashShiftReportDto } from '../../../../domain/cash-desk';
import { formatRubles, parseRubles, rublesInput } from '../../../../domain/money';
import { openShiftInput } from '../../../../domain/cash-desk-schemas';
import { paths } from '../../../../domain/routes';
import { ErrorBox } from '../../../components/ErrorBox';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCashWrites, useCurrentShift, useShifts, type CashWrites } from '../api/cash-api';
import { CashMoveDialog } from './CashMoveDialog';
import { CloseShiftDialog } from './CloseShiftDialog';
import { differenceText, ShiftEntries, ShiftFigures } from './ShiftDetails';
import { TakingsCard } from './TakingsCard';
import { RublesInput } from '../../../components/MoneyInputs';

/**
 * «Касса» (issue 50): the open shift with its sums and movements, or the form that opens one;
 * the day's takings; the past shifts with their reports. Not fiscal, and it says so.
 */
export function CashPage() {
  const current = useCurrentShift();
  const writes = useCashWrites();
  return (
    <Stack>
      <Title order={2}>Касса</Title>
      <Text size="sm" c="dimmed">
        {NON_FISCAL_NOTICE}
      </Text>
      {current.isPending ? (
        <Skeleton height={120} />
      ) : current.isError ? (
        <LoadFailed message={errorMessage(current.error)} onRetry={() => void current.refetch()} />
      ) : current.data ? (
        // A different shift (closed and reopened by someone else) starts with no dialog open.
        <OpenShift key={current.data.id} shift={current.data} writes={writes} />
      ) : (
        <OpenShiftForm writes={writes} />
      )}
      <TakingsCard />
      <PastShifts />
    </Stack>
  );
}

function OpenShiftForm({ writes }: { writes: CashWrites }) {
  const shifts = useShifts();
  const last = shifts.data?.pages[0]?.items[0];
  const [typed, setTyped] = useState<string | null>(null);
  // The drawer usually holds what the last shift counted.
  const amount = typed ?? (last?.countedCash != null ? rublesInput(last.countedCash) : '');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const kopecks = parseRubles(amount);
    if (kopecks === null) return setProblem('Наличные в кассе: введите сумму в рублях, например 2 000 или 0');
    const parsed = openShiftInput.safeParse({ openingCash: kopecks });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Проверьте сумму');
    writes.open.mutate(parsed.data, {
      onSuccess: () => toast.success('Смена открыта'),
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="cash-closed">
      <Stack>
        <Text fw={500}>Смена не открыта</Text>
        <Text size="sm" c="dimmed">
          Пересчитайте наличные в кассе и откройте смену: оплаты наличными попадут в неё.
        </Text>
        <ErrorBox message={problem} />
        <RublesInput label="Наличные в кассе, ₽" required value={amount} onChange={setTyped} />
        <Group justify="flex-end">
          <Button loading={writes.open.isPending} onClick={submit}>
            Открыть смену
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function OpenShift({ shift, writes }: { shift: CashShiftReportDto; writes: CashWrites }) {
  const [moving, setMoving] = useState<CashMoveKind | null>(null);
  const [closing, setClosing] = useState(false);
  return (
    <Paper withBorder p="md" radius="md" data-testid="cash-shift">
      <Stack>
        <Text fw={500}>{`Смена открыта ${formatDateTime(shift.openedAt)} · ${shift.openedByName}`}</Text>
        <ShiftFigures shift={shift} />
        <Group gap="xs">
          <Button variant="default" onClick={() => setMoving('in')}>
            Внести
          </Button>
          <Button variant="default" onClick={() => setMoving('out')}>
            Изъять
          </Button>
          <Button onClick={() => setClosing(true)}>Закрыть смену</Button>
        </Group>
        <ShiftEntries shift={shift} />
      </Stack>
      {moving && (
        <CashMoveDialog
          kind={moving}
          expected={shift.expectedCash}
          writes={writes}
          onClose={() => setMoving(null)}
        />
      )}
      {closing && <CloseShiftDialog shift={shift} writes={writes} onClose={() => setClosing(false)} />}
    </Paper>
  );
}

function PastShifts() {
  const shifts = useShifts();
  const closed = (shifts.data?.pages ?? []).flatMap((page) => page.items).filter((shift) => shift.closedAt);
  if (shifts.isError) {
    return <LoadFailed message={errorMessage(shifts.error)} onRetry={() => void shifts.refetch()} />;
  }
  if (closed.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="cash-history">
      <Stack gap="xs">
        <Text fw={500}>Прошлые смены</Text>
        {closed.map((shift) => (
          <Anchor key={shift.id} component={Link} to={paths.cashShift(shift.id)} size="sm">
            {`№ ${shift.id} · ${formatDateTime(shift.openedAt)} – ${formatDateTime(shift.closedAt!)} · должно ${formatRubles(shift.expectedCash)} · по факту ${formatRubles(shift.countedCash ?? 0)} · ${differenceText(shift.difference ?? 0)}`}
          </Anchor>
        ))}
        {shifts.hasNextPage && (
          <Button
            variant="subtle"
            loading={shifts.isFetchingNextPage}
            onClick={() => void shifts.fetchNextPage()}
          >
            Показать ещё
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
