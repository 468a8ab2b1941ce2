import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { LIMITED_STATUSES, limitField } from '../../../../domain/status-limits';
import { TICKET_STATUS_LABELS } from '../../../../domain/ticket-status';
import {
  SHOP_TIME_ZONES,
  workRulesInput,
  type WorkRulesDto,
  type WorkRulesValues,
} from '../../../../domain/work-rules';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSaveWorkRules } from '../api/work-rules-api';

function valuesOf(rules: WorkRulesDto): WorkRulesValues {
  const values = { timeZone: rules.timeZone, reminderTime: rules.reminderTime } as WorkRulesValues;
  for (const status of LIMITED_STATUSES) values[limitField(status)] = rules[limitField(status)];
  return values;
}

/**
 * «Сроки» (issue 20): the shop's time zone — the day a due date means, «Сегодня» and
 * «Просрочено», the dates on the client's status page — and how many days a ticket may stay in
 * each status before it is marked «В статусе N дн.»; when the morning reminder goes out.
 */
export function WorkRulesForm({ rules }: { rules: WorkRulesDto }) {
  const save = useSaveWorkRules();
  const [values, setValues] = useState<WorkRulesValues>(() => valuesOf(rules));
  // The version these values are based on: another admin's save in between is a 409, not lost.
  const [base, setBase] = useState(() => ({ version: rules.version, values: valuesOf(rules) }));
  const [problem, setProblem] = useState<string | null>(null);
  const untouched = JSON.stringify(values) === JSON.stringify(base.values);
  // Someone else saved: an untouched form shows it; one with edits keeps them (its save says so).
  if (rules.version !== base.version && untouched) {
    setBase({ version: rules.version, values: valuesOf(rules) });
    setValues(valuesOf(rules));
  }
  const options = SHOP_TIME_ZONES.some((zone) => zone.value === rules.timeZone)
    ? [...SHOP_TIME_ZONES]
    : [{ value: rules.timeZone, label: rules.timeZone }, ...SHOP_TIME_ZONES];
  const set = (field: keyof WorkRulesValues, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = () => {
    const parsed = workRulesInput.safeParse({ ...values, version: base.version });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Проверьте поля');
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setBase({ version: saved.version, values: valuesOf(saved) });
        toast.success('Сроки сохранены');
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Text fw={500}>Сроки</Text>
        <ErrorBox message={problem ?? (save.isError ? errorMessage(save.error) : null)} />
        <Select
          label="Часовой пояс сервиса"
          description="По нему считаются «Сегодня» и «Просрочено» и даты на странице статуса для клиента"
          data={options}
          value={values.timeZone}
          onChange={(value) => value && set('timeZone', value)}
          allowDeselect={false}
        />
        <TextInput
          type="time"
          label="Утреннее напоминание"
          description="В это время каждому, у кого есть просроченное или срок сегодня, приходит одно push-уведомление"
          value={values.reminderTime}
          onChange={(event) => set('reminderTime', event.currentTarget.value)}
          w={{ base: '100%', xs: 240 }}
        />
        <Text size="sm" c="dimmed">
          Сколько дней заявка может быть в статусе; дольше — метка «В статусе N дн.» и фильтр «Дольше срока в
          статусе». Пусто — без срока.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {LIMITED_STATUSES.map((status) => (
            <TextInput
              key={status}
              label={TICKET_STATUS_LABELS[status]}
              aria-label={`Срок в статусе «${TICKET_STATUS_LABELS[status]}», дней`}
              inputMode="numeric"
              placeholder="без срока"
              rightSection={<Text size="xs">дн.</Text>}
              value={values[limitField(status)]}
              onChange={(event) => set(limitField(status), event.currentTarget.value)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button loading={save.isPending} onClick={submit}>
            Сохранить сроки
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
