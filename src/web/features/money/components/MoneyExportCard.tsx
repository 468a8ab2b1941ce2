import { Anchor, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isCalendarDate } from '../../../../domain/calendar-date';
import { useShopToday } from '../../../lib/shop-today';

/**
 * «Выгрузка для бухгалтерии» (issue 50, admins): every payment and refund of a period, and the
 * cash desk's shifts with their reports, as CSV files Russian Excel opens as they are.
 */
export function MoneyExportCard() {
  const today = useShopToday();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const period = isCalendarDate(from) && isCalendarDate(to) && from <= to;
  const href = (list: 'payments' | 'shifts') =>
    `/api/export/${list}.csv?${new URLSearchParams({ from, to })}`;
  return (
    <Paper withBorder p="md" radius="md" data-testid="money-export">
      <Stack gap="xs">
        <Text fw={500}>Выгрузка для бухгалтерии</Text>
        <Group align="flex-end">
          <TextInput
            type="date"
            label="С"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="По"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
          />
        </Group>
        {period ? (
          <Group>
            <Anchor href={href('payments')} download className="tap-target">
              Оплаты и возвраты (CSV)
            </Anchor>
            <Anchor href={href('shifts')} download className="tap-target">
              Смены кассы (CSV)
            </Anchor>
          </Group>
        ) : (
          <Text size="sm" c="red.9">
            Укажите период: «С» не позже «По».
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
