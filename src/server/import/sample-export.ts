// A realistic export of the previous system (issue 21), for the import's tests and for trying
// `npm run import` by hand (`npm run sample-export`): the field names of spec §3, timestamps in
// all three forms its tools write, the legacy statuses, WhatsApp links, files under their
// storage paths, history arrays, and a known set of broken records, each of which the import
// must list with its reason. The same seed makes the same export.
import fs from 'node:fs';
import path from 'node:path';
import { PROVIDERS } from '../../domain/providers';
import { LEGACY_TICKET_STATUSES, TICKET_PIPELINE } from '../../domain/ticket-status';
import type { ImportKind } from './legacy-export';

export interface SampleSizes {
  users: number;
  clients: number;
  tickets: number;
  tasks: number;
}

export interface SampleExport {
  json: Record<string, unknown>;
  /** Records the import must leave out, by kind (their id, or «№N» for one without). */
  refused: Record<ImportKind, string[]>;
  /** Records that come in with a warning, by kind. */
  warned: Record<ImportKind, string[]>;
  /** Files written under the files folder that the import must bring in. */
  files: number;
}

/** A valid 1×1 PNG: a real image, so the import makes its preview. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const SURNAMES = ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Новиков'];
const NAMES = ['Иван', 'Пётр', 'Алексей', 'Сергей', 'Дмитрий', 'Андрей', 'Михаил', 'Олег'];
const TITLES = ['Гарантийный ремонт', 'Замена видеокарты', 'Замена SSD'];
const TASK_TITLES = [
  'Забрать посылку из ПВЗ',
  'Заказать термопасту',
  'Позвонить поставщику',
  'Забрать плату',
];
const TASK_STATUSES = ['new', 'in_progress', 'closed', 'todo', 'done'];

/** Deterministic numbers from a seed (mulberry32). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}

/** A moment in one of the forms the old tool's exports write: ISO text or a Firestore timestamp. */
function stamp(ms: number, form: number): unknown {
  const seconds = Math.floor(ms / 1000);
  const nanoseconds = (ms % 1000) * 1_000_000;
  if (form % 3 === 0) return new Date(ms).toISOString();
  if (form % 3 === 1) return { seconds, nanoseconds };
  return { _seconds: seconds, _nanoseconds: nanoseconds };
}

const DAY = 86_400_000;

export function makeSampleExport(seed: number, sizes: SampleSizes, filesDir: string | null): SampleExport {
  const random = generator(seed);
  const base = Date.UTC(2025, 10, 1);
  const refused: SampleExport['refused'] = { user: [], client: [], ticket: [], task: [] };
  const warned: SampleExport['warned'] = { user: [], client: [], ticket: [], task: [] };
  let fileCount = 0;
  const person = () => `${random.pick(SURNAMES)} ${random.pick(NAMES)}`;

  function writeFile(storagePath: string, bytes: Buffer) {
    if (!filesDir) return;
    const target = path.join(filesDir, storagePath);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, bytes);
    fileCount += 1;
  }

  // Users, keyed by uid (the other collections are lists: both shapes are read).
  const users: Record<string, unknown> = {};
  const uids: string[] = [];
  for (let i = 1; i <= sizes.users; i += 1) {
    const uid = `uid${seed}-${String(i).padStart(4, '0')}`;
    uids.push(uid);
    users[uid] = {
      uid,
      email: `staff${i}.${seed}@example.ru`,
      displayName: person(),
      phone: `+7 900 000-00-${String(i % 100).padStart(2, '0')}`,
      role: i === 1 ? 'admin' : 'employee',
      createdAt: stamp(base + i * DAY, i),
      fcmTokens: [`token-${i}`],
    };
  }
  users[`uid_badmail-${seed}`] = { uid: `uid_badmail-${seed}`, email: 'без почты', displayName: 'Без почты' };
  refused.user.push(`uid_badmail-${seed}`);
  users[`uid_manager-${seed}`] = {
    email: `manager.${seed}@example.ru`,
    displayName: 'Менеджеров Менеджер',
    role: 'manager',
  };
  warned.user.push(`uid_manager-${seed}`);
  const userName = (uid: string) => (users[uid] as { displayName: string }).displayName;

  const clients: unknown[] = [];
  const clientIds: string[] = [];
  for (let i = 1; i <= sizes.clients; i += 1) {
    const id = `cl${seed}-${String(i).padStart(5, '0')}`;
    clientIds.push(id);
    const digits = `9${String(100_000_000 + i * 7919).slice(-9)}`;
    const phone = random.pick([
      `8${digits}`,
      `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
      digits,
    ]);
    clients.push({
      id,
      fullName: `${person()}ич`,
      phone,
      warranty: random.chance(0.5) ? `ГТ-${1000 + i}` : '',
      address: random.chance(0.3) ? `г. Москва, ул. Ленина, д. ${i}` : '',
      comment: random.chance(0.2) ? 'Постоянный клиент\nзвонить после 18:00' : '',
      whatsappUrl: random.chance(0.3) ? `https://wa.me/7${digits}` : undefined,
      createdAt: stamp(base + (i % 300) * DAY, i),
      updatedAt: stamp(base + (i % 300) * DAY + 3_600_000, i + 1),
    });
  }
  clients.push({ id: `cl_noname-${seed}`, phone: '89990000000', createdAt: new Date(base).toISOString() });
  refused.client.push(`cl_noname-${seed}`);
  clients.push({
    id: `cl_script-${seed}`,
    fullName: 'Скриптов Скрипт',
    phone: '89990000001',
    whatsappUrl: 'javascript:alert(1)',
    createdAt: new Date(base).toISOString(),
  });
  warned.client.push(`cl_script-${seed}`);

  const tickets: unknown[] = [];
  const statuses = [...TICKET_PIPELINE, ...LEGACY_TICKET_STATUSES];
  for (let i = 1; i <= sizes.tickets; i += 1) {
    const id = `tk${seed}-${String(i).padStart(6, '0')}`;
    const created = base + (i % 360) * DAY + (i % 24) * 3_600_000;
    const status = statuses[i % statuses.length] as string;
    // The steps that led here: through the pipeline, a legacy status reached from its neighbour.
    const path_: string[] = [];
    const pipelineIndex = TICKET_PIPELINE.indexOf(status as (typeof TICKET_PIPELINE)[number]);
    const legacyFrom: Record<string, string> = {
      picked_from_pvz: 'at_pvz',
      return_delivery_requested: 'repair_done',
      returned: 'delivery_to_client',
    };
    const reach = pipelineIndex >= 0 ? pipelineIndex : TICKET_PIPELINE.indexOf(legacyFrom[status] as 'new');
    for (let s = 1; s <= reach; s += 1) path_.push(TICKET_PIPELINE[s] as string);
    if (pipelineIndex < 0) path_.push(status);
    const author = random.pick(uids);
    const assignee = random.pick(uids);
    const history: Record<string, unknown>[] = [
      {
        ts: stamp(created, i),
        userId: author,
        userName: userName(author),
        action: 'create',
        note: '',
        newStatus: 'new',
      },
      {
        ts: stamp(created + 60_000, i),
        userId: author,
        userName: userName(author),
        action: 'assign',
        note: userName(assignee),
      },
    ];
    path_.forEach((next, step) => {
      history.push({
        ts: stamp(created + (step + 1) * DAY * 1.5, i + step),
        userId: assignee,
        userName: userName(assignee),
        action: 'status_change',
        note: '',
        newStatus: next,
      });
    });
    const attachments: Record<string, unknown>[] = [];
    const pvzPhotos: Record<string, unknown>[] = [];
    if (i % 4 === 0) {
      const ms = created + 2 * 3_600_000;
      const name = 'акт приёмки.pdf';
      const storagePath = `tickets/${id}/files/${ms}_${name}`;
      writeFile(storagePath, Buffer.from(`%PDF-1.4\n% акт ${id}\n%%EOF\n`));
      attachments.push({
        url: `https://storage.example/${storagePath}`,
        name,
        size: 40,
        type: 'application/pdf',
        path: storagePath,
        ts: stamp(ms, i),
        uploadedBy: author,
      });
      history.push({
        ts: stamp(ms, i),
        userId: author,
        userName: userName(author),
        action: 'upload_file',
        note: name,
      });
    }
    if (i % 5 === 0 && reach >= 2) {
      const ms = created + DAY * 3;
      const storagePath = `tickets/${id}/pvz/${ms}_photo.png`;
      writeFile(storagePath, PNG);
      pvzPhotos.push({
        url: `https://storage.example/${storagePath}`,
        name: 'photo.png',
        size: PNG.length,
        type: 'image/png',
        path: storagePath,
        ts: stamp(ms, i),
        uploadedBy: assignee,
      });
      history.push({
        ts: stamp(ms, i),
        userId: assignee,
        userName: userName(assignee),
        action: 'upload_pvz_photo',
        note: 'photo.png',
      });
    }
    const clientId = random.pick(clientIds);
    const client = clients[clientIds.indexOf(clientId)] as { fullName: string };
    const closed = status === 'closed';
    tickets.push({
      id,
      title: random.pick(TITLES),
      description: random.chance(0.7) ? `Не включается после обновления драйверов (${id})` : '',
      repairSummary: pipelineIndex >= 4 || pipelineIndex < 0 ? 'Заменён блок питания' : '',
      dueDate: random.chance(0.6) ? new Date(created + 14 * DAY).toISOString().slice(0, 10) : null,
      clientId,
      clientName: client.fullName,
      status,
      assigneeId: assignee,
      assigneeName: userName(assignee),
      deliveryProvider: reach >= 2 ? random.pick(PROVIDERS) : null,
      returnProvider: reach >= 5 ? random.pick(PROVIDERS) : null,
      pvzPhotos,
      attachments,
      history,
      createdBy: author,
      createdAt: stamp(created, i),
      closedAt: closed ? stamp(created + (path_.length + 1) * DAY * 1.5, i) : null,
    });
  }
  const valid = tickets[0] as Record<string, unknown> | undefined;
  const brokenTickets: [string, unknown][] = [
    [`tk_lost-${seed}`, { ...valid, status: 'lost' }],
    [`tk_nodate-${seed}`, { ...valid, createdAt: undefined, history: [] }],
    ['tk_badshape', 'не объект'],
  ];
  for (const [id, data] of brokenTickets) {
    tickets.push(typeof data === 'string' ? data : { ...(data as object), id });
    refused.ticket.push(typeof data === 'string' ? `№${tickets.length}` : id);
  }
  if (valid) {
    tickets.push({ ...valid, title: 'Дубликат' });
    refused.ticket.push(valid.id as string);
  }
  const warnedTickets: [string, Record<string, unknown>][] = [
    [`tk_noclient-${seed}`, { clientId: 'cl_missing', clientName: 'Пропавший Клиент' }],
    [`tk_boxberry-${seed}`, { deliveryProvider: 'boxberry' }],
    [`tk_baddue-${seed}`, { dueDate: 'завтра' }],
    [
      `tk_nofile-${seed}`,
      { attachments: [{ name: 'нет.pdf', path: 'tickets/tk_nofile/files/1_нет.pdf' }], pvzPhotos: [] },
    ],
    [`tk_escape-${seed}`, { attachments: [{ name: 'passwd', path: '../../etc/passwd' }], pvzPhotos: [] }],
  ];
  for (const [id, changes] of warnedTickets) {
    if (!valid) break;
    tickets.push({
      ...valid,
      ...changes,
      id,
      attachments: changes.attachments ?? [],
      pvzPhotos: changes.pvzPhotos ?? [],
    });
    warned.ticket.push(id);
  }

  const tasks: unknown[] = [];
  for (let i = 1; i <= sizes.tasks; i += 1) {
    const id = `ts${seed}-${String(i).padStart(6, '0')}`;
    const created = base + (i % 360) * DAY;
    const status = TASK_STATUSES[i % TASK_STATUSES.length] as string;
    const closed = status === 'closed' || status === 'done';
    const photos: Record<string, unknown>[] = [];
    if (i % 6 === 0) {
      const ms = created + 3_600_000;
      const storagePath = `tasks/${id}/photos/${ms}_чек.png`;
      writeFile(storagePath, PNG);
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

  return { json: { users, clients, tickets, tasks }, refused, warned, files: fileCount };
}
