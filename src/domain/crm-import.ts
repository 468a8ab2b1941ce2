import type { Kopecks } from './money';
import { phoneKey } from './phone';
import { normalizeSearchText } from './search-text';
import { parseSheetDate, parseSheetSum, type SheetMoment } from './sheet-values';
import type { PipelineStatus } from './ticket-status';

// Moving in from another repair system's spreadsheet (issue 56): each column of the file goes to
// one of our fields (or to the repair's note, or nowhere), each of its status words to one of our
// statuses, and each row becomes a client (found by phone when already here) and a repair — or a
// refusal that says which row and why.

export const IMPORT_TARGETS = [
  'number',
  'clientName',
  'phone',
  'email',
  'device',
  'serial',
  'complaint',
  'status',
  'createdAt',
  'closedAt',
  'total',
  'paid',
  'comment',
  'note',
] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];
/** A column's place: one of ours, or left out. */
export type ColumnTarget = ImportTarget | 'skip';

export const IMPORT_TARGET_LABELS: Record<ImportTarget, string> = {
  number: 'Номер в прежней системе',
  clientName: 'Клиент (ФИО)',
  phone: 'Телефон',
  email: 'E-mail',
  device: 'Устройство',
  serial: 'Серийный номер / IMEI',
  complaint: 'Неисправность',
  status: 'Статус',
  createdAt: 'Дата приёма',
  closedAt: 'Дата выдачи',
  total: 'Сумма',
  paid: 'Оплачено',
  comment: 'Комментарий',
  note: 'В заметку к заявке',
};

/** Fields that take one column; «В заметку» takes any number of them. */
export const SINGLE_TARGETS: readonly ImportTarget[] = IMPORT_TARGETS.filter((t) => t !== 'note');

/**
 * Column titles as repair systems and hand-kept sheets name them, compared after
 * normalizeSearchText (case, ё, spaces and punctuation aside). A guess: the admin sees each
 * column's choice and changes what is wrong before anything is written.
 */
const TITLE_GUESSES: Record<Exclude<ImportTarget, 'note'>, readonly string[]> = {
  number: ['номер', 'номер заказа', 'номер заявки', 'заказ', 'id', 'id заказа', 'n', 'no'],
  clientName: ['клиент', 'фио', 'фио клиента', 'имя клиента', 'заказчик', 'имя', 'покупатель'],
  phone: ['телефон', 'телефон клиента', 'тел', 'мобильный', 'мобильный телефон', 'phone'],
  email: ['email', 'e mail', 'эл почта', 'электронная почта', 'почта'],
  device: ['устройство', 'модель', 'аппарат', 'изделие', 'техника', 'бренд модель', 'тип устройства модель'],
  serial: ['серийный номер', 'серийный', 'sn', 's n', 'imei', 'imei sn', 'серийный номер imei'],
  complaint: [
    'неисправность',
    'неисправность со слов клиента',
    'заявленная неисправность',
    'проблема',
    'дефект',
  ],
  status: ['статус', 'состояние', 'статус заказа'],
  createdAt: ['дата', 'дата создания', 'дата приема', 'дата приёма', 'создан', 'принят', 'дата заказа'],
  closedAt: ['дата выдачи', 'выдан', 'дата закрытия', 'закрыт', 'дата завершения'],
  total: ['сумма', 'итого', 'стоимость', 'цена', 'сумма заказа', 'к оплате', 'стоимость ремонта'],
  paid: ['оплачено', 'оплата', 'внесено', 'предоплата', 'получено'],
  comment: ['комментарий', 'примечание', 'заметка', 'комментарии'],
};

/** A title as compared: normalised, «№» as n, punctuation as spaces («E-mail» is «e mail»). */
const titleKey = (title: string) =>
  normalizeSearchText(title.replace(/№/g, ' n ').replace(/[^\p{L}\p{N}]+/gu, ' '));

/** Each column's guessed place: the first column that fits a field takes it, the rest are left out. */
export function guessColumns(titles: readonly string[]): ColumnTarget[] {
  const taken = new Set<ImportTarget>();
  return titles.map((title) => {
    const key = titleKey(title);
    const found = (Object.keys(TITLE_GUESSES) as (keyof typeof TITLE_GUESSES)[]).find(
      (target) => !taken.has(target) && TITLE_GUESSES[target].some((guess) => titleKey(guess) === key),
    );
    if (!found) return 'skip';
    taken.add(found);
    return found;
  });
}

/** The statuses an imported repair can be in: a walk-in's route (the device was brought in). */
export const IMPORT_STATUSES = [
  'new',
  'in_repair',
  'repair_done',
  'closed',
] as const satisfies readonly PipelineStatus[];
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  new: 'Новая',
  in_repair: 'В ремонте',
  repair_done: 'Готов к выдаче',
  closed: 'Закрыта',
};

const STATUS_GUESSES: Record<ImportStatus, readonly string[]> = {
  new: ['новый', 'новая', 'принят', 'принят в ремонт', 'открыт', 'ожидает'],
  in_repair: [
    'в работе',
    'в ремонте',
    'ремонт',
    'диагностика',
    'на диагностике',
    'ожидает запчасть',
    'ждет запчасть',
    'согласование',
    'на согласовании',
  ],
  repair_done: ['готов', 'готово', 'готов к выдаче', 'отремонтирован', 'выполнен', 'ремонт выполнен'],
  closed: [
    'выдан',
    'выдано',
    'закрыт',
    'закрыта',
    'завершен',
    'отказ',
    'отменен',
    'не ремонтируется',
    'возврат',
  ],
};

/** Our status for a source's word, when it is one we know; null for the admin to choose. */
export function guessStatus(word: string): ImportStatus | null {
  const key = titleKey(word);
  if (key === '') return 'new';
  const found = IMPORT_STATUSES.find((status) => STATUS_GUESSES[status].some((w) => titleKey(w) === key));
  return found ?? null;
}

/** What the admin chose: each column's place, and our status for each of the source's words. */
export interface ImportMapping {
  columns: ColumnTarget[];
  /** Keyed by the word as normalizeSearchText writes it; a word not listed is «Новая». */
  statuses: Record<string, ImportStatus>;
}

/** A cell as the file holds it: text, or (from Excel) a number or a date. */
export type SheetCell = string | number | Date | null;

export interface ImportRow {
  /** The row's line in the file, counting the header as 1 (as a spreadsheet numbers rows). */
  line: number;
  number: string;
  client: { name: string; phone: string; phoneKey: string; email: string };
  device: string;
  serial: string;
  complaint: string;
  status: ImportStatus;
  createdAt: SheetMoment | null;
  closedAt: SheetMoment | null;
  total: Kopecks;
  paid: Kopecks;
  comment: string;
  /** The «В заметку» columns, each as «Title: value». */
  note: string;
}

export type ImportRowResult = { line: number; row: ImportRow } | { line: number; error: string };

const LIMITS = { name: 200, phone: 50, email: 200, short: 500, text: 5000 } as const;

/** A cell quoted in a refusal: its start, when it is long. */
const quoted = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

const cellText = (cell: SheetCell | undefined): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString();
  // Control characters (a stray NUL, a vertical tab from Excel) never reach a record.
  return String(cell).replace(CONTROL_CHARACTERS, '').trim();
};

/**
 * One row of the file as a client and a repair, or the reason it cannot be one. A row needs a
 * client (a name or a phone) and something about the device (the device or the complaint).
 */
export function readImportRow(
  cells: readonly SheetCell[],
  line: number,
  titles: readonly string[],
  mapping: ImportMapping,
): ImportRowResult {
  const single = new Map<ImportTarget, SheetCell>();
  const notes: string[] = [];
  mapping.columns.forEach((target, index) => {
    if (target === 'skip') return;
    const cell = cells[index] ?? null;
    if (target === 'note') {
      const text = cellText(cell);
      if (text !== '') notes.push(`${titles[index]?.trim() || `Столбец ${index + 1}`}: ${text}`);
    } else if (!single.has(target)) single.set(target, cell);
  });
  const text = (target: ImportTarget) => cellText(single.get(target));
  const fail = (error: string): ImportRowResult => ({ line, error });

  const name = text('clientName');
  const rawPhone = text('phone');
  // «нет», «-»: no phone. Excel's «7,91211E+10» is a number it rounded: its digits are lost.
  if (/^\d+([.,]\d+)?e\+?\d+$/i.test(rawPhone)) {
    return fail(`Телефон «${rawPhone}»: Excel записал его числом и округлил — сохраните столбец как текст`);
  }
  const phone = /\d/.test(rawPhone) ? rawPhone : '';
  if (name === '' && phone === '') return fail('Нет ни имени клиента, ни телефона');
  const device = text('device');
  const complaint = text('complaint');
  if (device === '' && complaint === '') return fail('Нет ни устройства, ни неисправности');
  for (const [value, limit, label] of [
    [name, LIMITS.name, 'Клиент'],
    [phone, LIMITS.phone, 'Телефон'],
    [text('email'), LIMITS.email, 'E-mail'],
    [device, LIMITS.short, 'Устройство'],
    [text('serial'), LIMITS.short, 'Серийный номер'],
    [text('number'), LIMITS.short, 'Номер'],
    [complaint, LIMITS.text, 'Неисправность'],
    [text('comment'), LIMITS.text, 'Комментарий'],
  ] as const) {
    if (value.length > limit) return fail(`${label}: длиннее ${limit} символов`);
  }
  if (phone !== '' && phoneKey(phone) === '') return fail(`Телефон «${phone}»: слишком мало цифр`);

  const moment = (target: 'createdAt' | 'closedAt', label: string): SheetMoment | null | string => {
    const cell = single.get(target);
    if (cell === null || cell === undefined || cellText(cell) === '') return null;
    const parsed = parseSheetDate(cell instanceof Date ? cell : cellText(cell));
    return parsed ?? `${label}: «${quoted(cellText(cell))}» — не дата`;
  };
  const sum = (target: 'total' | 'paid', label: string): Kopecks | string => {
    const cell = single.get(target);
    if (cell === null || cell === undefined || cellText(cell) === '') return 0;
    const parsed = parseSheetSum(typeof cell === 'number' ? cell : cellText(cell));
    return parsed ?? `${label}: «${quoted(cellText(cell))}» — не сумма`;
  };
  const createdAt = moment('createdAt', 'Дата приёма');
  const closedAt = moment('closedAt', 'Дата выдачи');
  const total = sum('total', 'Сумма');
  const paid = sum('paid', 'Оплачено');
  for (const value of [createdAt, closedAt, total, paid]) if (typeof value === 'string') return fail(value);
  const [created, closed, totalSum, paidSum] = [createdAt, closedAt, total, paid] as [
    SheetMoment | null,
    SheetMoment | null,
    Kopecks,
    Kopecks,
  ];
  if (created && closed && closed.date < created.date) return fail('Дата выдачи раньше даты приёма');
  // A payment needs its day: without one it would count in today's takings.
  if (paidSum > 0 && !created && !closed) return fail('Оплачено, но нет ни даты приёма, ни даты выдачи');

  const word = normalizeSearchText(text('status'));
  const chosen = Object.hasOwn(mapping.statuses, word) ? mapping.statuses[word] : undefined;
  const status = word === '' ? (closed ? 'closed' : 'new') : (chosen ?? 'new');
  const note = notes.join('\n');
  if (note.length > LIMITS.text) return fail(`Заметка: длиннее ${LIMITS.text} символов`);
  return {
    line,
    row: {
      line,
      number: text('number'),
      client: { name: name || phone, phone, phoneKey: phoneKey(phone), email: text('email') },
      device,
      serial: text('serial'),
      complaint,
      status,
      createdAt: created,
      closedAt: closed,
      total: totalSum,
      paid: paidSum,
      comment: text('comment'),
      note,
    },
  };
}

/** The status words a file uses, each once as normalised, with how it reads and how often. */
export function statusWords(
  rows: readonly (readonly SheetCell[])[],
  columns: readonly ColumnTarget[],
): { key: string; word: string; count: number; guess: ImportStatus | null }[] {
  const at = columns.indexOf('status');
  if (at === -1) return [];
  const words = new Map<string, { word: string; count: number }>();
  for (const cells of rows) {
    const word = cellText(cells[at] ?? null);
    const key = normalizeSearchText(word);
    if (key === '') continue;
    const entry = words.get(key) ?? { word, count: 0 };
    entry.count += 1;
    words.set(key, entry);
  }
  return [...words]
    .map(([key, { word, count }]) => ({ key, word, count, guess: guessStatus(word) }))
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word, 'ru'));
}
