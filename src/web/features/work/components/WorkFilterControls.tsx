import { Badge, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatStateCount } from '../../../../domain/state-counts';
import { parseStates, WORK_STATES, type WorkState } from '../../../../domain/worklist';
import { SegmentedChoice } from '../../../components/SegmentedChoice';
import { useUserOptions } from '../../employees/public';
import { useMentions } from '../../comments/api/comments-api';
import { repairStagesQuery } from '../../../lib/repair-stages-query';
import { useMe } from '../../../lib/session';
import type { ShownStateCounts } from '../api/work-api';
import type { WorkFilterValues } from './work-filter-memory';

const STATE_LABELS: Record<WorkState, string> = { new: 'Новые', in_progress: 'В работе', closed: 'Закрытые' };

export interface WorkFilterProps {
  values: WorkFilterValues;
  /** Items per state under the other filters, once known. */
  counts?: ShownStateCounts | undefined;
  onChange: (changes: Partial<WorkFilterValues>) => void;
}

/**
 * One tap to one's own items, and back to everyone's (issue 20). The count beside it is the
 * comments that name this person and wait for an answer (issue 55): «Мои» lists them first.
 */
export function MineButton({ values, onChange }: Pick<WorkFilterProps, 'values' | 'onChange'>) {
  const me = useMe().data;
  const mentions = useMentions(me !== undefined).data?.total ?? 0;
  if (!me) return null;
  const mine = String(me.id);
  return (
    <Button
      variant={values.assignee === mine ? 'filled' : 'default'}
      aria-pressed={values.assignee === mine}
      aria-label={mentions > 0 ? `Мои, упоминаний: ${mentions}` : undefined}
      onClick={() => onChange({ assignee: values.assignee === mine ? '' : mine })}
      rightSection={
        mentions > 0 ? (
          <Badge size="sm" circle color="orange">
            {mentions}
          </Badge>
        ) : null
      }
    >
      Мои
    </Button>
  );
}

/**
 * Everything the worklist filters by besides the search: laid out in rows on a wide screen,
 * in a column in the phone's sheet (`stacked`, where «Мои» already sits beside the search).
 */
export function WorkFilterControls({
  values,
  counts,
  onChange,
  stacked = false,
}: WorkFilterProps & { stacked?: boolean }) {
  const users = useUserOptions();
  const me = useMe().data;
  const stagesQuery = useQuery(repairStagesQuery);
  const stages = stagesQuery.data ?? [];
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
  const states = (
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
  );
  // The spec's order stays the default; «Сначала просроченные» puts what is late on top (issue 20).
  const order = (
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
  );
  const type = (
    <SegmentedChoice
      label="Тип"
      value={values.type}
      onChange={(value) => onChange({ type: value })}
      options={[
        { value: '', label: 'Все' },
        { value: 'tickets', label: 'Заявки' },
        { value: 'tasks', label: 'Задачи' },
      ]}
      fullWidth
    />
  );
  // The browser's own list: on a phone its wheel is what thumbs know, and it costs the
  // worklist's first screen no popover code (issue 17, «Slow network»).
  const assignee = (
    <NativeSelect
      aria-label="Исполнитель"
      data={assigneeOptions}
      value={values.assignee}
      onChange={(event) => onChange({ assignee: event.currentTarget.value })}
      style={{ flex: 1 }}
    />
  );
  // Tickets at one stage inside «В ремонте» (issue 49); hidden stages too, a ticket may be at one.
  const stage =
    stages.length > 0 || values.stage ? (
      <NativeSelect
        aria-label="Этап"
        data={[
          { value: '', label: 'Все этапы' },
          ...stages.map((s) => ({ value: String(s.id), label: `Этап: ${s.name}` })),
          // A remembered stage since deleted still says it narrows the list, so it can be undone.
          ...(values.stage && stagesQuery.isSuccess && !stages.some((s) => String(s.id) === values.stage)
            ? [{ value: values.stage, label: 'Этап: удалён' }]
            : []),
        ]}
        value={values.stage}
        onChange={(event) => onChange({ stage: event.currentTarget.value })}
      />
    ) : null;
  if (stacked) {
    return (
      <Stack gap="sm">
        {type}
        {assignee}
        {stage}
        {states}
        {order}
      </Stack>
    );
  }
  return (
    <>
      <SimpleGrid cols={stage ? 3 : 2} spacing="sm">
        {type}
        {stage}
        <Group gap="xs" wrap="nowrap">
          {assignee}
          <MineButton values={values} onChange={onChange} />
        </Group>
      </SimpleGrid>
      <Group gap="lg" justify="space-between">
        {states}
        {order}
      </Group>
    </>
  );
}
