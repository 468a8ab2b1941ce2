import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SHOP_TIME_ZONES, type WorkRulesDto } from '../../../../domain/work-rules';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSaveWorkRules } from '../api/work-rules-api';

/**
 * «Сроки» (issue 20): the shop's time zone — the day a due date means, the marks «Сегодня» and
 * «Просрочено», and the dates on the client's status page.
 */
export function WorkRulesForm({ rules }: { rules: WorkRulesDto }) {
  const save = useSaveWorkRules();
  const [timeZone, setTimeZone] = useState(rules.timeZone);
  const options = SHOP_TIME_ZONES.some((zone) => zone.value === rules.timeZone)
    ? [...SHOP_TIME_ZONES]
    : [{ value: rules.timeZone, label: rules.timeZone }, ...SHOP_TIME_ZONES];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Text fw={500}>Сроки</Text>
        <ErrorBox message={save.isError ? errorMessage(save.error) : null} />
        <Select
          label="Часовой пояс сервиса"
          description="По нему считаются «Сегодня» и «Просрочено» и даты на странице статуса для клиента"
          data={options}
          value={timeZone}
          onChange={(value) => value && setTimeZone(value)}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button
            loading={save.isPending}
            disabled={timeZone === rules.timeZone}
            onClick={() =>
              save.mutate(
                { version: rules.version, timeZone },
                { onSuccess: () => toast.success('Часовой пояс сохранён') },
              )
            }
          >
            Сохранить часовой пояс
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
