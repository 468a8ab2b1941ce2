import { Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { paths } from '../../../../domain/routes';
import { BackLink } from '../../../components/BackLink';
import { RecordGate } from '../../../components/RecordGate';
import { formatDateTime } from '../../../lib/format';
import { useShift } from '../api/cash-api';
import { ShiftEntries, ShiftFigures } from './ShiftDetails';

/** A shift's report: expected against counted, and every movement of its cash. */
export function ShiftReportPage() {
  const id = Number(useParams().id);
  const shift = useShift(id);
  return (
    <RecordGate id={id} query={shift} notFound="Смена не найдена">
      {(report) => (
        <Stack>
          <BackLink fallback={paths.cash} fallbackLabel="Касса" />
          <Title order={2}>{`Смена № ${report.id}`}</Title>
          <Paper withBorder p="md" radius="md" data-testid="shift-report">
            <Stack>
              <Text size="sm">
                {`Открыта ${formatDateTime(report.openedAt)} · ${report.openedByName}`}
                {report.closedAt
                  ? ` · закрыта ${formatDateTime(report.closedAt)} · ${report.closedByName}`
                  : ' · смена открыта'}
              </Text>
              <ShiftFigures shift={report} />
              {report.note && <Text size="sm">Комментарий: {report.note}</Text>}
              <ShiftEntries shift={report} />
            </Stack>
          </Paper>
        </Stack>
      )}
    </RecordGate>
  );
}
