import { PROVIDERS } from '../../domain/providers';
import { DAY, PNG, stamp, type SampleContext } from './sample-context';
import type { SampleUsers } from './sample-users';

const TASK_TITLES = [
  'Забрать посылку из ПВЗ',
  'Заказать термопасту',
  'Позвонить поставщику',
  'Забрать плату',
];
const TASK_STATUSES = ['new', 'in_progress', 'closed', 'todo', 'done'];

/** `count` tasks in the old statuses, every sixth with a photo, then three the import refuses. */
export function sampleTasks(
  sample: SampleContext,
  count: number,
  { uids, userName }: SampleUsers,
  clientIds: string[],
): unknown[] {
  const { seed, base, random } = sample;
  const tasks: unknown[] = [];
  for (let i = 1; i <= count; i += 1) {
    const id = `ts${seed}-${String(i).padStart(6, '0')}`;
    const created = base + (i % 360) * DAY;
    const status = TASK_STATUSES[i % TASK_STATUSES.length] as string;
    const closed = status === 'closed' || status === 'done';
    const photos: Record<string, unknown>[] = [];
    if (i % 6 === 0) {
      const ms = created + 3_600_000;
      const storagePath = `tasks/${id}/photos/${ms}_чек.png`;
      sample.writeFile(storagePath, PNG);
      photos.push({
        name: 'чек.png',
        size: PNG.length,
        type: 'image/png',
        path: storagePath,
        ts: stamp(ms, i),
      });
    }
    const assignee = random.pick(uids);
    tasks.push({
      id,
      title: random.pick(TASK_TITLES),
      description: random.chance(0.5) ? 'Срочно, до обеда' : '',
      dueDate: random.chance(0.5) ? stamp(created + 2 * DAY, i) : '',
      status,
      assigneeId: assignee,
      assigneeName: userName(assignee),
      clientId: random.chance(0.3) ? random.pick(clientIds) : null,
      photos,
      deliveryProvider: random.chance(0.3) ? random.pick(PROVIDERS) : null,
      createdBy: random.pick(uids),
      createdAt: stamp(created, i),
      updatedAt: stamp(created + DAY, i),
      closedAt: closed && i % 2 === 0 ? stamp(created + DAY, i) : null,
    });
  }
  addRefusedTasks(sample, tasks);
  return tasks;
}

/** An archived task, one without a title and one without an id («№N» by its place in the list). */
function addRefusedTasks(sample: SampleContext, tasks: unknown[]) {
  const { seed, base, refused } = sample;
  tasks.push({
    id: `ts_archived-${seed}`,
    title: 'Старая',
    status: 'archived',
    createdAt: new Date(base).toISOString(),
  });
  refused.task.push(`ts_archived-${seed}`);
  tasks.push({ id: `ts_notitle-${seed}`, status: 'new', createdAt: new Date(base).toISOString() });
  refused.task.push(`ts_notitle-${seed}`);
  tasks.push({ title: 'Без id', status: 'new', createdAt: new Date(base).toISOString() });
  refused.task.push(`№${tasks.length}`);
}
