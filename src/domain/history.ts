import type { RecordKind } from './records';
import type { TicketStatus } from './ticket-status';

/** Tickets, tasks and clients each keep a history. */
export type HistoryKind = RecordKind;

/** Edits of a ticket's device fields (src/domain/device-fields.ts names each field's action). */
const DEVICE_EDIT_ACTIONS = [
  'edit_device',
  'edit_serial_number',
  'edit_kit',
  'edit_condition',
  'edit_complaint',
  'edit_warranty_card',
] as const;

/**
 * Every action a history row can name. The first nine are the product spec's (§3);
 * the rest came with full history for every record (issue 15). Stored as text, so
 * imported rows with other values are kept and shown as they are.
 */
export const HISTORY_ACTIONS = [
  'create',
  'assign',
  'edit_description',
  'edit_repair_summary',
  'status_change',
  'set_provider',
  'set_return_provider',
  'upload_pvz_photo',
  'upload_file',
  'set_due_date',
  'delete_pvz_photo',
  'delete_file',
  'set_title',
  'set_type',
  'set_client',
  'upload_photo',
  'delete_photo',
  'edit_full_name',
  'edit_phone',
  'edit_warranty',
  'edit_address',
  'edit_comment',
  'edit_email',
  'edit_message_pref',
  'trash',
  'restore',
  ...DEVICE_EDIT_ACTIONS,
  'set_intake',
  'new_status_link',
  'message_sent',
  'reopen',
  'set_warranty_days',
  'warranty_return',
  'warranty_return_opened',
  'merge_in',
  'merged_into',
  'unmerge',
  'set_stage',
  'add_line',
  'edit_line',
  'delete_line',
  'payment',
  'refund',
  'on_credit',
  'estimate_sent',
  'estimate_approved',
  'estimate_declined',
  'set_payer',
  'comment_edit',
  'comment_delete',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

const CREATED: Record<HistoryKind, string> = {
  ticket: 'Заявка создана',
  task: 'Задача создана',
  client: 'Клиент добавлен',
};

const SET_TITLE: Record<HistoryKind, string> = {
  ticket: 'Изменено название',
  task: 'Изменено название',
  client: 'Изменено ФИО',
};

export const HISTORY_ACTION_LABELS: Record<Exclude<HistoryAction, 'create' | 'set_title'>, string> = {
  assign: 'Назначен исполнитель',
  edit_description: 'Изменено описание',
  edit_repair_summary: 'Изменён итог ремонта',
  set_due_date: 'Изменён срок',
  status_change: 'Статус изменён',
  set_provider: 'Выбрана служба доставки',
  set_return_provider: 'Выбрана служба возврата',
  upload_pvz_photo: 'Загружено фото из ПВЗ',
  upload_file: 'Загружен файл',
  delete_pvz_photo: 'Удалено фото из ПВЗ',
  delete_file: 'Удалён файл',
  set_type: 'Изменён тип заявки',
  set_client: 'Изменён клиент',
  upload_photo: 'Загружено фото',
  delete_photo: 'Удалено фото',
  edit_full_name: 'Изменено ФИО',
  edit_phone: 'Изменён телефон',
  edit_warranty: 'Изменён гарантийный талон',
  edit_address: 'Изменён адрес',
  edit_comment: 'Изменён комментарий',
  edit_email: 'Изменён e-mail',
  edit_message_pref: 'Изменено, как писать клиенту',
  trash: 'Перемещено в корзину',
  restore: 'Восстановлено из корзины',
  edit_device: 'Изменено устройство',
  edit_serial_number: 'Изменён серийный номер / IMEI',
  edit_kit: 'Изменена комплектация',
  edit_condition: 'Изменены внешний вид и состояние',
  edit_complaint: 'Изменена неисправность со слов клиента',
  edit_warranty_card: 'Изменён № гарантийного талона',
  set_intake: 'Изменён способ приёма',
  new_status_link: 'Ссылка для клиента заменена',
  message_sent: 'Клиенту отправлено сообщение',
  reopen: 'Заявка открыта заново',
  set_warranty_days: 'Изменён срок гарантии',
  warranty_return: 'Гарантийный возврат по заявке',
  warranty_return_opened: 'Оформлен гарантийный возврат',
  merge_in: 'Присоединён клиент',
  merged_into: 'Объединён с клиентом',
  unmerge: 'Объединение отменено',
  set_stage: 'Изменён этап ремонта',
  add_line: 'Добавлена строка',
  edit_line: 'Изменена строка',
  delete_line: 'Удалена строка',
  payment: 'Принята оплата',
  refund: 'Оформлен возврат',
  on_credit: 'Выдано в долг',
  estimate_sent: 'Смета отправлена клиенту',
  estimate_approved: 'Клиент согласовал смету',
  estimate_declined: 'Клиент отказался от сметы',
  set_payer: 'Изменён плательщик',
  comment_edit: 'Изменён комментарий сотрудника',
  comment_delete: 'Удалён комментарий сотрудника',
};

/** How a history row reads on the card of a record of this kind. */
export function historyActionLabel(kind: HistoryKind, action: string): string {
  if (action === 'create') return CREATED[kind];
  if (action === 'set_title') return SET_TITLE[kind];
  return HISTORY_ACTION_LABELS[action as keyof typeof HISTORY_ACTION_LABELS] ?? action;
}

/**
 * Edits of typed text: one person's saves of one field, each within this window of the
 * one before (nothing else in between), become one history row (the first old value,
 * the last new one), so autosave while typing with pauses does not bury the history
 * under a row per pause. Choices from a list (a ticket's type) are never merged.
 */
export const TEXT_EDIT_ACTIONS: readonly HistoryAction[] = [
  'edit_description',
  'edit_repair_summary',
  'set_title',
  'edit_full_name',
  'edit_phone',
  'edit_warranty',
  'edit_address',
  'edit_comment',
  'edit_email',
  ...DEVICE_EDIT_ACTIONS,
];
export const TEXT_EDIT_MERGE_MS = 10 * 60 * 1000;

/** A file a history row is about, while the file still exists: the row opens it. */
export interface HistoryFileDto {
  id: number;
  name: string;
  url: string;
  thumbUrl: string | null;
  type: string;
}

export interface HistoryEntryDto {
  id: number;
  ts: string;
  userId: number | null;
  userName: string;
  action: HistoryAction | string;
  /** Free text from older rows and for files (the file's name). */
  note: string;
  /** What the field held before and after, as it read then; null when not a field change. */
  oldValue: string | null;
  newValue: string | null;
  newStatus: TicketStatus | null;
  file: HistoryFileDto | null;
}

/** Shown for an empty value in a change (a cleared field). */
export const EMPTY_VALUE = '(пусто)';

export const HISTORY_PAGE_SIZE = 20;

/** What a card shows of its history at first: the newest page, and whether older rows exist. */
export interface HistoryHead {
  history: HistoryEntryDto[];
  historyMore: boolean;
}
