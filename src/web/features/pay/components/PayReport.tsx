import { formatMonth } from '../../../../domain/calendar-date';
import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { formatRubles } from '../../../../domain/money';
import { payMonth, ruleText, type PayStatementDto, type PayPersonDto } from '../../../../domain/pay';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser, useIsOwner } from '../../../lib/session';
import { useShopToday } from '../../../lib/shop-today';
import { usePayMonth, usePayPeople } from '../api/pay-api';
import { PayRuleDialog } from './PayRuleDialog';
import { PayStatementView } from './PayStatementView';

/**
 * «Зарплаты» (issue 53): each person's rule and their statement for a month — what each repair
 * earned, the salary, corrections, the total, and whether it was paid.
 */
export function PayReport() {
  const today = useShopToday();
  const [month, setMonth] = useState(today.slice(0, 7));
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<PayPersonDto | null>(null);
  const valid = payMonth.safeParse(month).success;
  const people = usePayPeople();
  const statements = usePayMonth(month, valid);
  const byUser = new Map((statements.data ?? []).map((s) => [s.userId, s]));
  const open = openId === null ? undefined : byUser.get(openId);
  const me = useCurrentUser();
  const owner = useIsOwner();

  return (
    <Stack>
      <Group align="flex-end">
        <TextInput
          type="month"
          label="Месяц"
          value={month}
          onChange={(e) => setMonth(e.currentTarget.value)}
        />
        {!valid && (
          <Text size="sm" c="red.9" role="alert">
            Укажите месяц
          </Text>
        )}
      </Group>
      <Paper withBorder p="md" radius="md" data-testid="pay-people">
        <Stack gap="xs">
          <Text fw={500}>{valid ? `Ведомости за ${formatMonth(month)}` : 'Ведомости'}</Text>
          {(people.isError || statements.isError) && (
            <LoadFailed
              message={errorMessage(people.error ?? statements.error)}
              onRetry={() => void Promise.all([people.refetch(), statements.refetch()])}
            />
          )}
          {/* Another month's figures stay while this one loads: dimmed, never read as this month's. */}
          <Table.ScrollContainer minWidth={480} style={{ opacity: statements.isPlaceholderData ? 0.5 : 1 }}>
            <Table verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Сотрудник</Table.Th>
                  <Table.Th>Правило</Table.Th>
                  <Table.Th ta="right">К выплате</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {people.data?.map((person) => (
                  <PersonRow
                    key={person.userId}
                    person={person}
                    statement={byUser.get(person.userId)}
                    open={openId === person.userId}
                    onOpen={() => setOpenId(openId === person.userId ? null : person.userId)}
                    onEditRule={owner || person.userId !== me.id ? () => setEditing(person) : null}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Paper>
      {open && !statements.isPlaceholderData && (
        <PayStatementView statement={open} canPay={owner || open.userId !== me.id} />
      )}
      {editing && <PayRuleDialog person={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function PersonRow({
  person,
  statement,
  open,
  onOpen,
  onEditRule,
}: {
  person: PayPersonDto;
  statement: PayStatementDto | undefined;
  open: boolean;
  onOpen: () => void;
  /** Null on one's own row: one's own pay is the owner's to set and mark (the server says so too). */
  onEditRule: (() => void) | null;
}) {
  return (
    <Table.Tr
      data-testid={`pay-person-${person.userId}`}
      bg={open ? 'var(--mantine-color-default-hover)' : undefined}
    >
      <Table.Td>
        <UnstyledButton onClick={onOpen} className="tap-target" aria-expanded={open}>
          <Text size="sm" fw={500} td="underline">
            {person.name}
          </Text>
        </UnstyledButton>
        {person.disabled && (
          <Badge color="gray" variant="light" ml="xs">
            отключён
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{ruleText(person.rule)}</Text>
      </Table.Td>
      <Table.Td ta="right">
        {statement && (
          <Stack gap={2} align="flex-end">
            <Text size="sm" fw={500}>
              {formatRubles(statement.total)}
            </Text>
            {statement.paid ? (
              <Badge color="green" variant="light">
                Выплачено
              </Badge>
            ) : null}
            {statement.changedSincePaid !== 0 && (
              <Badge color="orange" variant="light">
                Изменилось после выплаты
              </Badge>
            )}
          </Stack>
        )}
      </Table.Td>
      <Table.Td ta="right">
        {onEditRule && (
          <Button variant="subtle" size="xs" onClick={onEditRule}>
            Правило
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
