import { formatMonth } from '../../../../domain/calendar-date';
import { Anchor, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatRubles } from '../../../../domain/money';
import { paths } from '../../../../domain/routes';
import { useShopToday } from '../../../lib/shop-today';
import { useMyPay } from '../api/pay-api';

/** On «Сводка»: what this month has earned so far, for someone the owner pays by a rule. */
export function MyPayCard() {
  const month = useShopToday().slice(0, 7);
  const statement = useMyPay(month).data;
  const rule = statement?.rule;
  if (!statement || !rule || rule.worksShare + rule.marginShare + rule.perRepair + rule.salary === 0)
    return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="my-pay">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text>
          {`Моя зарплата за ${formatMonth(month)}: `}
          <b>{formatRubles(statement.total)}</b>
          {` (ремонтов: ${statement.repairs.length})`}
        </Text>
        <Anchor component={Link} to={paths.myPay} className="tap-target">
          Подробнее
        </Anchor>
      </Group>
    </Paper>
  );
}
