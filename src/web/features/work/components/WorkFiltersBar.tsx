import { Button, Checkbox, Group, Loader, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { formatStateCount } from '../../../../domain/state-counts';
import { parseStates, WORK_STATES, type WorkState } from '../../../../domain/worklist';
import { useUserOptions } from '../../employees/public';
import { useMe } from '../../../lib/session';
import { SegmentedChoice } from '../../../components/SegmentedChoice';
import type { ShownStateCounts } from '../api/work-api';

const STATE_LABELS: Record<WorkState, string> = { new: 'Новые', in_progress: 'В работе', closed: 'Закрытые' };

export interface WorkFilterValues {
  text: string;
  type: string;
  assignee: string;
  states: string | undefined;
  /** 'overdue': «Сначала просроченные»; '': the spec's order. */
  order: string;
  /** '1': only tickets over their status's time limit. */
  overLimit: string;
  /** From the dashboard's links: tickets in a status, or come in one way ('' when not set). */
  status: string;
  provider: string;
  receivedWeek: string;
  closedWeek: string;
}

export function WorkFiltersBar({
  values,
  loading,
  counts,
  onChange,
}: {
  values: WorkFilterValues;
  loading: boolean;
  /** Items per state under the other filters, once known. */
  counts?: ShownStateCounts;
  onChange: (changes: Partial<WorkFilterValues>) => void;
}) {
  const users = useUserOptions();
  const me = useMe().data;
  const mine = me ? String(me.id) : null;
  const checked = parseStates(values.states);
  const assigneeOptions = [
    { value: '', label: 'Все исполнители' },
    { value: 'none', label: 'Не назначен' },
    ...(users.data ?? []).map((u) => ({ value: String(u.id), label: u.displayName })),
  ];
  // «Мои» works before the people's list has come: the select still names who is chosen.
  if (me && !assigneeOptions.some((option) => option.value === String(me.id))) {
    assigneeOptions.push({ value: String(me.id), label: me.displayName });
  }
  return (
    <>
      <TextInput
        type="search"
        placeholder="Поиск: название, №, телефон"
        aria-label="Поиск"
        value={values.text}
        onChange={(e) => onChange({ text: e.currentTarget.value })}
        rightSection={loading ? <Loader size="xs" /> : null}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <SegmentedChoice
          label="Тип"
          value={values.type}
          onChange={(type) => onChange({ type })}
          options={[
            { value: '', label: 'Все' },
            { value: 'tickets', label: 'Заявки' },
            { value: 'tasks', label: 'Задачи' },
          ]}
          fullWidth
        />
        {/* The browser's own list: on a phone its wheel is what thumbs know, and it costs the
            worklist's first screen no popover code (issue 17, «Slow network»). */}
        <Group gap="xs" wrap="nowrap">
          <NativeSelect
            aria-label="Исполнитель"
            data={assigneeOptions}
            value={values.assignee}
            onChange={(event) => onChange({ assignee: event.currentTarget.value })}
            style={{ flex: 1 }}
          />
          {/* One tap to one's own items, and back to everyone's (issue 20). */}
          {mine && (
            <Button
              variant={values.assignee === mine ? 'filled' : 'default'}
              aria-pressed={values.assignee === mine}
              onClick={() => onChange({ assignee: values.assignee === mine ? '' : mine })}
            >
              Мои
            </Button>
          )}
        </Group>
      </SimpleGrid>
      <Group gap="lg" justify="space-between">
        <Checkbox.Group
          value={checked}
          onChange={(next) => onChange({ states: WORK_STATES.filter((s) => next.includes(s)).join(',') })}
          aria-label="Статусы"
        >
          <Group gap="lg">
            {WORK_STATES.map((state) => (
              <Checkbox
                key={state}
                value={state}
                label={
                  counts
                    ? `${STATE_LABELS[state]} (${formatStateCount(counts[state], counts.searched === true)})`
                    : STATE_LABELS[state]
                }
              />
            ))}
          </Group>
        </Checkbox.Group>
        {/* The spec's order stays the default; this puts what is late on top (issue 20). */}
        <Group gap="lg">
          <Checkbox
            label="Сначала просроченные"
            checked={values.order === 'overdue'}
            onChange={(event) => onChange({ order: event.currentTarget.checked ? 'overdue' : '' })}
          />
          <Checkbox
            label="Дольше срока в статусе"
            checked={values.overLimit === '1'}
            onChange={(event) => onChange({ overLimit: event.currentTarget.checked ? '1' : '' })}
          />
        </Group>
      </Group>
    </>
  );
}
