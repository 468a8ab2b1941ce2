// The second data set of the benchmarks (issue 46): shaped like one real shop rather than drawn
// evenly — surnames by Zipf's law, one city's phone prefixes, clients who come back, items closed
// by age, and one family name whose every item is among the oldest closed ones (a search the list's
// own order never reaches, however far it walks). Its own generator: the demo data stays as it was.
import { SURNAMES as COMMON_SURNAMES } from './russian-names';
import { seededRandom } from './seeded-random';

const random = seededRandom(20261127);
const chance = (p: number) => random() < p;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

const DAY = 86_400_000;

const ROOTS = [
  'Белоус',
  'Гусев',
  'Дроздов',
  'Ершов',
  'Жуков',
  'Карпов',
  'Латышев',
  'Медведев',
  'Носков',
  'Осипов',
  'Пестов',
  'Рыбаков',
  'Суханов',
  'Тихонов',
  'Уваров',
  'Филатов',
  'Хохлов',
  'Цветков',
  'Чернов',
  'Шилов',
  'Щукин',
  'Юдин',
  'Якушев',
  'Абрамов',
  'Быков',
  'Воронин',
  'Горбунов',
  'Денисов',
  'Ефимов',
  'Журавлёв',
  'Зуев',
  'Игнатов',
  'Калинин',
  'Лукин',
  'Мартынов',
  'Назаров',
  'Овчинников',
  'Поляков',
  'Родионов',
  'Савельев',
];
/** The most common first: Zipf's law ranks them. */
const SURNAMES = [...COMMON_SURNAMES, ...ROOTS, ...ROOTS.map((root) => `${root.slice(0, -2)}ин`)];

/** The family whose items are all among the oldest closed ones (bench-search queries it). */
export const OLDEST_ONLY_SURNAME = 'Шереметьев';

const MALE = ['Александр', 'Сергей', 'Дмитрий', 'Андрей', 'Алексей', 'Иван', 'Максим', 'Олег', 'Пётр'];
const FEMALE = ['Елена', 'Ольга', 'Наталья', 'Анна', 'Мария', 'Ирина', 'Татьяна', 'Юлия', 'Алёна'];
const PATRONYMIC_M = ['Александрович', 'Сергеевич', 'Дмитриевич', 'Андреевич', 'Иванович', 'Петрович'];
const PATRONYMIC_F = ['Александровна', 'Сергеевна', 'Дмитриевна', 'Андреевна', 'Ивановна', 'Петровна'];

/** Cumulative weights 1/rank (Zipf, s = 1). */
const zipf = SURNAMES.map((_, rank) => 1 / (rank + 1)).reduce<number[]>(
  (sums, weight) => [...sums, (sums.at(-1) ?? 0) + weight],
  [],
);

function zipfSurname(): string {
  const target = random() * zipf.at(-1)!;
  let low = 0;
  let high = zipf.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (zipf[mid]! < target) low = mid + 1;
    else high = mid;
  }
  return SURNAMES[low]!;
}

function fullName(surname: string): string {
  const female = chance(0.45);
  const family = female ? `${surname}а` : surname;
  return `${family} ${pick(female ? FEMALE : MALE)} ${pick(female ? PATRONYMIC_F : PATRONYMIC_M)}`;
}

/** One city's numbers: a few mobile prefixes and its landline code. */
const PREFIXES = ['912', '912', '912', '922', '922', '950', '982', '904', '908', '919', '953', '343'];

function phone(): string {
  if (chance(0.03)) return '';
  const d = `${pick(PREFIXES)}${digits(7)}`;
  const [a, b, c, e] = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 8), d.slice(8)];
  return pick([`+7 (${a}) ${b}-${c}-${e}`, `8${d}`, `8 ${a} ${b} ${c} ${e}`, `+7${d}`]);
}

export interface ShopClient {
  full_name: string;
  phone: string;
  warranty: string;
}

/** The i-th of `count` clients: the last few are the oldest-only family. */
export function shopClient(i: number, count: number): ShopClient {
  const oldestOnly = i >= count - oldestOnlyClients(count);
  return {
    full_name: fullName(oldestOnly ? OLDEST_ONLY_SURNAME : zipfSurname()),
    phone: phone(),
    warranty: chance(0.3) ? `ГТ-${digits(6)}` : '',
  };
}

const oldestOnlyClients = (count: number) => Math.max(2, Math.round(count * 0.002));

/**
 * Whose item the i-th of `total` (oldest first) is: a regular (a twentieth of the clients brings
 * 40 % of the items), anyone, or — among the oldest tenth of items, one in 25 — the oldest-only
 * family. `clients` counts every client, the oldest-only ones last.
 */
export function shopClientIndex(i: number, total: number, clients: number): number {
  const family = oldestOnlyClients(clients);
  const others = clients - family;
  if (i < total / 10 && chance(0.04)) return others + Math.floor(random() * family);
  if (chance(0.4)) return Math.floor(random() * Math.max(1, Math.round(others / 20)));
  return Math.floor(random() * others);
}

/** Whether the i-th item (oldest first) is the oldest-only family's: always closed. */
export const isOldestOnly = (clientIndex: number, clients: number) =>
  clientIndex >= clients - oldestOnlyClients(clients);

/**
 * An item's status by its age, as in a shop: everything older than its working window is closed
 * (but a rare straggler), the recent ones mostly open.
 */
export function shopStatus(
  ageMs: number,
  windowDays: number,
  closed: () => string,
  open: () => string,
  straggler: () => string,
): string {
  const age = ageMs / DAY;
  if (age > windowDays) return chance(0.995) ? closed() : straggler();
  return chance((0.9 * age) / windowDays) ? closed() : open();
}
