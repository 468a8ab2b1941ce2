// Realistic data for benchmarks and demos: Russian names, phones in mixed formats,
// every status (legacy ones too), providers, due dates, some 'забрать' tasks, and
// most items closed, as in a real year of a busy shop.
import type { Kysely } from 'kysely';
import { phoneDigits } from '../../src/domain/phone';
import { PROVIDERS } from '../../src/domain/providers';
import { normalizeSearchText } from '../../src/domain/search-text';
import { TICKET_TYPES } from '../../src/domain/ticket-schemas';
import {
  LEGACY_TICKET_STATUSES,
  routeOf,
  TICKET_PIPELINE,
  WALK_IN_ROUTE,
} from '../../src/domain/ticket-status';
import type { DB } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/auth/password';
import { derivedColumns } from '../../src/server/work/derived-columns';
import { SURNAMES } from './russian-names';
import { seededRandom } from './seeded-random';
import { isOldestOnly, shopClient, shopClientIndex, shopStatus } from './shop-shape';

export interface SeedSizes {
  tickets: number;
  tasks: number;
  clients: number;
  /** Share of tickets and tasks in the Корзина (0..1), spread evenly; 0 when left out. */
  trashShare?: number;
  /** `demo` (the default): drawn evenly; `shop`: shaped like one real shop (shop-shape.ts). */
  shape?: 'demo' | 'shop';
}

/** Whether the i-th item is one of the `share` in the Корзина: exactly that share, evenly spread. */
function inTrash(i: number, share: number): boolean {
  return Math.floor((i + 1) * share) > Math.floor(i * share);
}

export const SEED_PASSWORD = 'seed-password-2026';

// A fixed-seed generator, so two runs make the same data.
const random = seededRandom(20261122);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const chance = (p: number) => random() < p;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

const MALE = [
  'Александр',
  'Сергей',
  'Дмитрий',
  'Андрей',
  'Алексей',
  'Иван',
  'Максим',
  'Евгений',
  'Павел',
  'Артём',
  'Пётр',
  'Семён',
];
const FEMALE = [
  'Елена',
  'Ольга',
  'Наталья',
  'Анна',
  'Мария',
  'Ирина',
  'Татьяна',
  'Юлия',
  'Светлана',
  'Алёна',
];
const PATRONYMIC_M = ['Александрович', 'Сергеевич', 'Дмитриевич', 'Андреевич', 'Иванович', 'Петрович'];
const PATRONYMIC_F = ['Александровна', 'Сергеевна', 'Дмитриевна', 'Андреевна', 'Ивановна', 'Петровна'];
const TASK_TITLES = [
  'Позвонить клиенту',
  'Заказать запчасти',
  'Проверить оплату',
  'Отправить счёт',
  'Обновить прайс',
  'Протестировать блок питания',
  'Связаться с поставщиком',
];
const PICKUP_TITLES = [
  'Забрать плату у клиента',
  'Забрать посылку из ПВЗ',
  'забрать ноутбук с почты',
  'Забрать запчасти у поставщика',
];
const STAFF = [
  'Смирнова Ольга',
  'Кузнецов Андрей',
  'Попова Мария',
  'Васильев Игорь',
  'Новиков Павел',
  'Морозова Анна',
  'Волков Сергей',
  'Лебедева Юлия',
];

/** The seeded staff's e-mails, the first an admin (password SEED_PASSWORD). */
export const seedEmails = STAFF.map((_, i) => `staff${i + 1}@seed.example`);

function fullName(): string {
  const female = chance(0.45);
  const surname = pick(SURNAMES) + (female ? 'а' : '');
  return `${surname} ${pick(female ? FEMALE : MALE)} ${pick(female ? PATRONYMIC_F : PATRONYMIC_M)}`;
}

function phone(): string {
  if (chance(0.05)) return '';
  const d = `9${digits(9)}`;
  const a = d.slice(0, 3),
    b = d.slice(3, 6),
    c = d.slice(6, 8),
    e = d.slice(8);
  return pick([
    `+7 (${a}) ${b}-${c}-${e}`,
    `8${d}`,
    `${a} ${b} ${c} ${e}`,
    `8-${a}-${b}-${c}-${e}`,
    `+7${d}`,
  ]);
}

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22, 9, 0);
const iso = (ms: number) => new Date(ms).toISOString();
const dueDate = (createdMs: number) =>
  chance(0.6) ? iso(createdMs + Math.floor(random() * 30) * DAY).slice(0, 10) : null;

const DEVICES = [
  'Ноутбук ASUS VivoBook 15',
  'Ноутбук Lenovo IdeaPad 5',
  'Смартфон Xiaomi Redmi Note 12',
  'Видеокарта MSI GeForce RTX 3060',
  'Системный блок',
  'Моноблок HP 24',
  'SSD Samsung 980 1 ТБ',
  'Смартфон Samsung Galaxy A54',
];
const KITS = ['Без комплекта', 'Зарядное устройство', 'Зарядное устройство, сумка', 'Коробка, кабель'];

/**
 * A ticket's device (issue 18), from its position alone: no random draws, so every other
 * value (and the benchmarks' data) stays as it was before devices were seeded. Every fifth
 * ticket in a status a walk-in can have came in over the counter.
 */
function seededDevice(i: number, status: string) {
  const walkIn = i % 5 === 0 && (WALK_IN_ROUTE as readonly string[]).includes(status);
  return {
    device: DEVICES[i % DEVICES.length]!,
    serial_number: `SN${String(100000 + ((i * 7919) % 900000))}K${i % 10}`,
    kit: KITS[i % KITS.length]!,
    device_condition: i % 3 === 0 ? 'Потёртости на корпусе' : 'Без видимых повреждений',
    complaint: 'Не включается',
    warranty_card: i % 2 === 0 ? `ГТ-${String(10000 + i)}` : '',
    intake: walkIn ? 'walk_in' : 'pvz',
  };
}

function ticketStatus(): string {
  if (chance(0.85)) return 'closed';
  if (chance(0.05)) return pick(LEGACY_TICKET_STATUSES);
  return pick(TICKET_PIPELINE.slice(0, -1));
}
function taskStatus(): string {
  if (chance(0.8)) return chance(0.2) ? 'done' : 'closed';
  return pick(['new', 'in_progress', 'todo']);
}

/**
 * How long each seeded ticket stayed in each status before its current one (the dashboard's
 * averages, migration 0015): its route from «Новая», 0.2 to 6 days a step, from its creation.
 */
async function seedStageSpans(db: Kysely<DB>): Promise<number> {
  const rows = await db.selectFrom('tickets').select(['id', 'status', 'intake', 'created_at']).execute();
  const spans: { ticket_id: number; status: string; left_at: string; days: number }[] = [];
  for (const ticket of rows) {
    const route = routeOf(ticket.intake === 'walk_in' ? 'walk_in' : 'pvz');
    const reached = route.indexOf(ticket.status as (typeof route)[number]);
    // An old tool's status: somewhere after the repair began.
    const steps = reached >= 0 ? reached : route.indexOf('in_repair');
    let entered = Date.parse(ticket.created_at);
    for (let step = 0; step < steps; step += 1) {
      const days = 0.2 + random() * 5.8;
      const left = entered + days * DAY;
      if (left > NOW) break;
      spans.push({
        ticket_id: ticket.id,
        status: route[step] as string,
        left_at: iso(left),
        days,
      });
      entered = left;
    }
  }
  await db
    .transaction()
    .execute((trx) => insertBatches(spans, (batch) => trx.insertInto('stage_spans').values(batch).execute()));
  return spans.length;
}

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Fills an empty, migrated database. Returns the staff accounts' e-mails (password SEED_PASSWORD). */
export async function seed(
  db: Kysely<DB>,
  sizes: SeedSizes,
  log: (line: string) => void = () => {},
): Promise<string[]> {
  const passwordHash = await hashPassword(SEED_PASSWORD);
  const now = iso(NOW);
  const emails = seedEmails;
  await db
    .insertInto('users')
    .values(
      STAFF.map((name, i) => ({
        email: emails[i]!,
        email_lower: emails[i]!,
        display_name: name,
        phone: phone(),
        role: i === 0 ? 'admin' : 'employee',
        password_hash: passwordHash,
        disabled_at: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const staff = await db.selectFrom('users').select(['id', 'display_name']).orderBy('id').execute();
  const trashShare = sizes.trashShare ?? 0;
  // No random draws: the rest of the data stays the same whatever the share.
  // Deleted within the last 25 days: inside the default TRASH_DAYS, so nothing is purged meanwhile.
  const trashMark = (i: number) =>
    inTrash(i, trashShare)
      ? {
          deleted_at: iso(NOW - (i % 25) * DAY),
          deleted_by: staff[0]!.id,
          deleted_by_name: staff[0]!.display_name,
        }
      : // Every row names every column: a batch insert fills a missing one with NULL.
        { deleted_at: null, deleted_by: null, deleted_by_name: '' };

  const shop = sizes.shape === 'shop';
  const clients = Array.from({ length: sizes.clients }, (_, i) => {
    const drawn = shop ? shopClient(i, sizes.clients) : undefined;
    const name = drawn?.full_name ?? fullName();
    const p = drawn?.phone ?? phone();
    const created = iso(NOW - (sizes.clients - i) * 3_600_000);
    return {
      full_name: name,
      phone: p,
      warranty: drawn ? drawn.warranty : chance(0.5) ? `ГТ-${digits(6)}` : '',
      address: '',
      comment: '',
      whatsapp_url: null,
      search_name: normalizeSearchText(name),
      phone_digits: phoneDigits(p),
      created_by: null,
      created_at: created,
      updated_at: created,
    };
  });
  await db
    .transaction()
    .execute((trx) => insertBatches(clients, (batch) => trx.insertInto('clients').values(batch).execute()));
  const clientRows = await db
    .selectFrom('clients')
    .select(['id', 'full_name', 'phone'])
    .orderBy('id')
    .execute();
  log(`clients: ${clientRows.length}`);

  const span = 730 * DAY;
  const tickets = Array.from({ length: sizes.tickets }, (_, i) => {
    const createdMs = NOW - span + Math.floor((i / sizes.tickets) * span);
    const clientIndex = shop ? shopClientIndex(i, sizes.tickets, clientRows.length) : -1;
    const status = !shop
      ? ticketStatus()
      : isOldestOnly(clientIndex, clientRows.length)
        ? 'closed'
        : shopStatus(
            NOW - createdMs,
            60,
            () => 'closed',
            () => pick(TICKET_PIPELINE.slice(0, -1)),
            () => pick(LEGACY_TICKET_STATUSES),
          );
    const client = shop ? clientRows[clientIndex]! : pick(clientRows);
    const assignee = chance(0.9) ? pick(staff) : null;
    const row = {
      title: pick(TICKET_TYPES),
      description: 'Не включается',
      repair_summary: status === 'closed' ? 'Отремонтировано' : '',
      due_date: dueDate(createdMs),
      client_id: client.id,
      client_name: client.full_name,
      status,
      assignee_id: assignee?.id ?? null,
      assignee_name: assignee?.display_name ?? '',
      delivery_provider: status === 'new' ? null : pick(PROVIDERS),
      return_provider: ['new', 'delivery_requested', 'at_pvz', 'in_repair', 'picked_from_pvz'].includes(
        status,
      )
        ? null
        : pick(PROVIDERS),
      created_by: staff[0]!.id,
      created_by_name: staff[0]!.display_name,
      created_at: iso(createdMs),
      updated_at: iso(createdMs),
      closed_at: status === 'closed' ? iso(createdMs + Math.floor(random() * 20 + 1) * DAY) : null,
      // Seeded tickets have no history: they have been in their status since they were created.
      status_since: iso(createdMs),
      ...trashMark(i),
      ...seededDevice(i, status),
    };
    // A walk-in was never shipped (the draws above are kept, so the rest stays the same).
    if (row.intake === 'walk_in') Object.assign(row, { delivery_provider: null, return_provider: null });
    // The order key does not depend on the id, which the database assigns.
    return { ...row, ...derivedColumns('ticket', 0, { ...row, client_phone: client.phone }) };
  });
  await db
    .transaction()
    .execute((trx) => insertBatches(tickets, (batch) => trx.insertInto('tickets').values(batch).execute()));
  log(`tickets: ${tickets.length}`);
  log(`stage spans: ${await seedStageSpans(db)}`);

  const tasks = Array.from({ length: sizes.tasks }, (_, i) => {
    const createdMs = NOW - span + Math.floor((i / sizes.tasks) * span);
    const status = shop
      ? shopStatus(
          NOW - createdMs,
          30,
          () => (chance(0.2) ? 'done' : 'closed'),
          () => pick(['new', 'in_progress']),
          () => 'todo',
        )
      : taskStatus();
    const clientIndex = shop ? shopClientIndex(i, sizes.tasks, clientRows.length) : -1;
    const client = !chance(0.4)
      ? null
      : shop
        ? isOldestOnly(clientIndex, clientRows.length)
          ? null
          : clientRows[clientIndex]!
        : pick(clientRows);
    const assignee = chance(0.85) ? pick(staff) : null;
    const row = {
      title: chance(0.12) ? pick(PICKUP_TITLES) : pick(TASK_TITLES),
      description: '',
      due_date: dueDate(createdMs),
      status,
      assignee_id: assignee?.id ?? null,
      assignee_name: assignee?.display_name ?? '',
      client_id: client?.id ?? null,
      client_name: client?.full_name ?? '',
      delivery_provider: chance(0.2) ? pick(PROVIDERS) : null,
      created_by: staff[0]!.id,
      created_by_name: staff[0]!.display_name,
      created_at: iso(createdMs),
      updated_at: iso(createdMs),
      closed_at:
        status === 'closed' || status === 'done'
          ? iso(createdMs + Math.floor(random() * 10 + 1) * DAY)
          : null,
      ...trashMark(i),
    };
    return { ...row, ...derivedColumns('task', 0, { ...row, client_phone: client?.phone ?? '' }) };
  });
  await db
    .transaction()
    .execute((trx) => insertBatches(tasks, (batch) => trx.insertInto('tasks').values(batch).execute()));
  log(`tasks: ${tasks.length}`);
  return emails;
}
