import { Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { payMonth } from '../../../../domain/pay';
import { paths } from '../../../../domain/routes';
import { BackLink } from '../../../components/BackLink';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingMessage } from '../../../components/LoadingMessage';
import { errorMessage } from '../../../lib/api';
import { useShopToday } from '../../../lib/shop-today';
import { useMyPay } from '../api/pay-api';
import { PayStatementView } from './PayStatementView';

/** «Моя зарплата» (issue 53): one's own statement of a month, to read; the owner keeps it. */
export function MyPayPage() {
  const today = useShopToday();
  const [month, setMonth] = useState(today.slice(0, 7));
  const valid = payMonth.safeParse(month).success;
  const statement = useMyPay(month, valid);
  return (
    <Stack maw={760}>
      <BackLink fallback={paths.dashboard} fallbackLabel="Сводка" />
      <Title order={2}>Моя зарплата</Title>
      <Group align="flex-end">
        <TextInput
          type="month"
          label="Месяц"
          value={month}
          onChange={(e) => setMonth(e.currentTarget.value)}
        />
      </Group>
      {!valid && (
        <Text size="sm" c="red.9" role="alert">
          Укажите месяц
        </Text>
      )}
      {statement.isError && (
        <LoadFailed message={errorMessage(statement.error)} onRetry={() => void statement.refetch()} />
      )}
      {valid && statement.isPending && <LoadingMessage paused={statement.fetchStatus === 'paused'} />}
      {valid && statement.data && !statement.isPlaceholderData && (
        <PayStatementView statement={statement.data} canPay={false} mine />
      )}
    </Stack>
  );
}
