import type { Generated } from 'kysely';
import type {
  CommentMentionsTable,
  CommentsTable,
  ImportBatchItemsTable,
  ImportBatchesTable,
} from './schema-later';

// Timestamps are ISO-8601 UTC text ('2026-11-22T02:56:54.123Z') on both databases:
// they sort as text, compare as text and come back as the same string from either
// driver (see docs/decisions/002-database.md).

export interface UsersTable {
  id: Generated<number>;
  email: string;
  /** Lower-cased e-mail: the unique key, so that case never makes a second account. */
  email_lower: string;
  display_name: string;
  phone: string;
  role: string;
  password_hash: string;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A permission a switchable role has (issue 52); the owner's role has all and no rows. */
export interface RolePermissionsTable {
  role: string;
  permission: string;
}

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 of the cookie's token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  /** SHA-256 of the link's token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Who asked for it: an admin, the server's shell, or the person by e-mail. */
  via: Generated<string>;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface ClientsTable {
  id: Generated<number>;
  full_name: string;
  phone: string;
  warranty: string;
  address: string;
  comment: string;
  whatsapp_url: string | null;
  search_name: string;
  phone_digits: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** Raised by every write (docs/decisions/008-edit-versions.md). */
  version: Generated<number>;
  /** JSON: per field, the version and user of its last change. */
  field_versions: Generated<string>;
  /** whatsappNumber(phone): one form of a number however it was typed, to find a client by it. */
  phone_key: Generated<string>;
  /** Set while the record is in the Корзина (docs/decisions/011-trash-and-history.md). */
  deleted_at: string | null;
  deleted_by: number | null;
  deleted_by_name: Generated<string>;
  /** '' or an address (migration 0039): automatic messages by e-mail. */
  email: Generated<string>;
  /** 'auto', a channel, or 'none': how the client wants automatic messages (domain/client-notices.ts). */
  message_pref: Generated<string>;
  /** The Telegram chat the client connected through the bot; null when none. */
  telegram_chat_id: string | null;
}

export interface TicketsTable {
  id: Generated<number>;
  title: string;
  description: string;
  repair_summary: string;
  due_date: string | null;
  client_id: number | null;
  client_name: string;
  status: string;
  assignee_id: number | null;
  assignee_name: string;
  delivery_provider: string | null;
  return_provider: string | null;
  created_by: number | null;
  created_by_name: string;
  created_at: string;
  updated_at: string;
  /** Raised by every write (docs/decisions/008-edit-versions.md). */
  version: Generated<number>;
  /** JSON: per field, the version and user of its last change. */
  field_versions: Generated<string>;
  closed_at: string | null;
  search_text: string;
  client_phone_digits: Generated<string>;
  work_state: Generated<string>;
  work_sort: Generated<string>;
  /** Set while the record is in the Корзина (docs/decisions/011-trash-and-history.md). */
  deleted_at: string | null;
  deleted_by: number | null;
  deleted_by_name: Generated<string>;
  /** The device (migration 0009, src/domain/device-fields.ts). */
  device: Generated<string>;
  serial_number: Generated<string>;
  kit: Generated<string>;
  device_condition: Generated<string>;
  complaint: Generated<string>;
  warranty_card: Generated<string>;
  /** 'pvz' or 'walk_in' (migration 0010, src/domain/ticket-status.ts). */
  intake: Generated<string>;
  /** The public status page's token (migration 0011); every ticket has one. */
  status_token: string | null;
  /** The token of its Telegram link (migration 0039): `/start <token>` connects the client. */
  telegram_token: string | null;
  /** When the ticket entered its current status (migration 0013). */
  status_since: string | null;
  /** The status it was closed from, and its papers' outside values at closing (migration 0025). */
  closed_from: string | null;
  closed_papers: string | null;
  /** The shop's warranty on this repair, from its type (migration 0026); null: none recorded. */
  warranty_days: number | null;
  /** The serial as a key (migration 0027, src/domain/device-key.ts); '' without one. */
  serial_key: Generated<string>;
  /** A «Гарантийный возврат»: the ticket it came back under (migration 0027). */
  return_of: number | null;
  /** The stage inside «В ремонте» and since when (migration 0029); null outside it. */
  stage_id: number | null;
  stage_since: string | null;
  /** Issue 50: the sum of the ticket's lines and what was paid (payments less refunds), kopecks. */
  lines_total: Generated<number>;
  paid: Generated<number>;
  /** Issue 53: the works' sum, the parts' cost and parts lines without a cost (kept with lines_total). */
  works_total: Generated<number>;
  parts_cost: Generated<number>;
  parts_without_cost: Generated<number>;
  /** Who pays (migration 0033): a payer of the directory; null: the client. */
  payer_id: Generated<number | null>;
}

/** What happened to a ticket, task or client: one table for the three (migration 0007). */
export interface HistoryTable {
  id: Generated<number>;
  item_kind: string;
  item_id: number;
  ts: string;
  user_id: number | null;
  user_name: string;
  action: string;
  note: Generated<string>;
  /** A field's value before and after the change, as it read then. */
  old_value: string | null;
  new_value: string | null;
  new_status: string | null;
  /** The file an upload or deletion row is about. */
  file_id: number | null;
}

export interface TasksTable {
  id: Generated<number>;
  title: string;
  description: string;
  due_date: string | null;
  status: string;
  assignee_id: number | null;
  assignee_name: string;
  client_id: number | null;
  client_name: string;
  delivery_provider: string | null;
  created_by: number | null;
  created_by_name: string;
  created_at: string;
  updated_at: string;
  /** Raised by every write (docs/decisions/008-edit-versions.md). */
  version: Generated<number>;
  /** JSON: per field, the version and user of its last change. */
  field_versions: Generated<string>;
  closed_at: string | null;
  search_text: string;
  client_phone_digits: Generated<string>;
  work_state: Generated<string>;
  work_sort: Generated<string>;
  /** Set while the record is in the Корзина (docs/decisions/011-trash-and-history.md). */
  deleted_at: string | null;
  deleted_by: number | null;
  deleted_by_name: Generated<string>;
}

export interface FilesTable {
  id: Generated<number>;
  ticket_id: number | null;
  task_id: Generated<number | null>;
  kind: string;
  name: string;
  size: number;
  mime: string;
  path: string;
  thumb_path: string | null;
  uploaded_by: number | null;
  uploaded_by_name: string;
  created_at: string;
  /** A comment's photo (migration 0040): shown in the thread, not among the item's files. */
  comment_id: Generated<number | null>;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  session_id: number | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string;
  created_at: string;
  updated_at: string;
}

/** Scheduled work with a lease (migration 0014, src/server/jobs/job-store.ts). */
/** A message to a client and what became of it (migration 0039, issue 54). */
export interface ClientMessagesTable {
  id: Generated<number>;
  ticket_id: number | null;
  client_id: number | null;
  event: string;
  channel: string | null;
  recipient: string;
  text: string;
  state: string;
  reason: Generated<string>;
  provider_id: string | null;
  sms_parts: Generated<number>;
  tries: Generated<number>;
  dedupe_key: string;
  send_at: string;
  sent_at: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface JobsTable {
  key: string;
  kind: string;
  run_at: string;
  payload: Generated<string>;
  lease_owner: string | null;
  lease_until: string | null;
  attempts: Generated<number>;
  done_at: string | null;
  outcome: Generated<string>;
  created_at: string;
}

/** Attempts counted per key in a window (migration 0018, src/server/auth/attempt-limiter.ts). */
export interface AttemptCountsTable {
  scope: string;
  key: string;
  /** ISO time of the window's first attempt. */
  started_at: string;
  count: number;
}

/** How long a ticket stayed in a status it left (migrations 0015, 0024): the dashboard's averages. */
export interface StageSpansTable {
  status: string;
  left_at: string;
  ticket_id: number;
  days: number;
}

/** A record brought in by `npm run import` and where it went (migration 0016). */
export interface ImportSourcesTable {
  source_kind: string;
  source_id: string;
  local_id: number;
  imported_at: string;
}

/** Items of a kind in a state and status with an assignee (0: nobody): migration 0023. */
export interface WorkCountsTable {
  kind: string;
  work_state: string;
  status: string;
  assignee: number;
  n: number | string;
}

/** A +1/−1 to a count, appended by trigger with every write that moves an item (migration 0023). */
export interface WorkCountChangesTable {
  id: Generated<number>;
  kind: string;
  work_state: string;
  status: string;
  assignee: number;
  n: number;
}

/** Each distinct shop header a closed ticket's papers printed, once (migration 0025). */
export interface PaperHeadersTable {
  /** SHA-256 of the body. */
  digest: string;
  body: string;
}

/** The shop's ticket types (migration 0026, src/domain/ticket-types.ts). */
export interface TicketTypesTable {
  id: Generated<number>;
  name: string;
  printed_title: Generated<string>;
  intake: Generated<string>;
  warranty_days: Generated<number>;
  default_assignee_id: number | null;
  hidden_at: string | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

/** A merge of two clients and what it moved (migration 0028). */
export interface ClientMergesTable {
  id: Generated<number>;
  from_id: number;
  into_id: number;
  merged_at: string;
  merged_by: number | null;
  ticket_ids: string;
  task_ids: string;
  history_ids: string;
  undone_at: string | null;
}

/** The shop's stages inside «В ремонте» (migration 0029, src/domain/repair-stages.ts). */
export interface RepairStagesTable {
  id: Generated<number>;
  name: string;
  public_text: Generated<string>;
  limit_days: number | null;
  hidden_at: string | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface ServicesTable {
  id: Generated<number>;
  name: string;
  price: number;
  warranty_days: number | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface TicketLinesTable {
  id: Generated<number>;
  ticket_id: number;
  kind: string;
  name: string;
  service_id: number | null;
  quantity: number;
  price: number;
  discount: Generated<number>;
  warranty_days: number | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
  /** A parts line taken from stock (migration 0034), its state and unit cost when taken. */
  part_id: Generated<number | null>;
  stock_state: Generated<string | null>;
  cost: Generated<number>;
}

export interface PaymentsTable {
  id: Generated<number>;
  ticket_id: number | null;
  kind: string;
  method: string;
  amount: number;
  note: Generated<string>;
  user_id: number | null;
  user_name: string;
  created_at: string;
  /** The cash desk's shift a cash payment was taken in (migration 0032). */
  shift_id: number | null;
}

/** The cash desk's shifts (migration 0032, src/domain/cash-desk.ts). */
export interface CashShiftsTable {
  id: Generated<number>;
  /** 1 while open, null once closed: unique, so one shift is open at a time. */
  open_mark: number | null;
  opened_at: string;
  opened_by_name: string;
  opening_cash: number;
  closed_at: string | null;
  closed_by_name: Generated<string>;
  expected_cash: number | null;
  counted_cash: number | null;
  note: Generated<string>;
  version: Generated<number>;
}

export interface CashMovesTable {
  id: Generated<number>;
  shift_id: number;
  kind: string;
  amount: number;
  reason: string;
  user_id: number | null;
  user_name: string;
  created_at: string;
}

/** Organisations that pay for repairs (migration 0033). */
export interface PayersTable {
  id: Generated<number>;
  name: string;
  details: Generated<string>;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

/** The estimate last sent to the client, one per ticket (migration 0031). */
export interface EstimatesTable {
  ticket_id: number;
  version: number;
  /** JSON: EstimateLine[] as sent. */
  lines: string;
  total: number;
  sent_at: string;
  sent_by_name: string;
  answer: string | null;
  answered_at: string | null;
}

/** Technician pay (migration 0036, src/domain/pay.ts). */
export interface PayRulesTable {
  user_id: number;
  works_share: number;
  margin_share: number;
  per_repair: number;
  salary: number;
  updated_at: string;
  version: Generated<number>;
}

export interface PayStatementsTable {
  id: Generated<number>;
  user_id: number;
  month: string;
  /** JSON: the rule, repairs, corrections and salary as paid. */
  snapshot: string;
  total: number;
  paid_at: string;
  paid_by_name: string;
}

export interface PayCorrectionsTable {
  id: Generated<number>;
  user_id: number;
  month: string;
  for_month: string | null;
  amount: number;
  reason: string;
  created_at: string;
  created_by_name: string;
}

export interface DB {
  users: UsersTable;
  role_permissions: RolePermissionsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  settings: SettingsTable;
  clients: ClientsTable;
  tickets: TicketsTable;
  jobs: JobsTable;
  client_messages: ClientMessagesTable;
  attempt_counts: AttemptCountsTable;
  stage_spans: StageSpansTable;
  pay_rules: PayRulesTable;
  pay_statements: PayStatementsTable;
  pay_corrections: PayCorrectionsTable;
  history: HistoryTable;
  files: FilesTable;
  tasks: TasksTable;
  push_subscriptions: PushSubscriptionsTable;
  import_sources: ImportSourcesTable;
  work_counts: WorkCountsTable;
  work_count_changes: WorkCountChangesTable;
  paper_headers: PaperHeadersTable;
  ticket_types: TicketTypesTable;
  client_merges: ClientMergesTable;
  repair_stages: RepairStagesTable;
  services: ServicesTable;
  ticket_lines: TicketLinesTable;
  payments: PaymentsTable;
  estimates: EstimatesTable;
  cash_shifts: CashShiftsTable;
  cash_moves: CashMovesTable;
  payers: PayersTable;
  suppliers: SuppliersTable;
  parts: PartsTable;
  stock_receipts: StockReceiptsTable;
  stock_receipt_lines: StockReceiptLinesTable;
  stock_counts: StockCountsTable;
  stock_count_lines: StockCountLinesTable;
  stock_moves: StockMovesTable;
  comments: CommentsTable;
  comment_mentions: CommentMentionsTable;
  import_batches: ImportBatchesTable;
  import_batch_items: ImportBatchItemsTable;
}

/** Parts and stock (migration 0034). */
export interface SuppliersTable {
  id: Generated<number>;
  name: string;
  details: Generated<string>;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface PartsTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  article: Generated<string>;
  barcode: string | null;
  models: Generated<string>;
  unit: Generated<string>;
  price: Generated<number>;
  last_cost: Generated<number>;
  avg_cost: Generated<number>;
  on_hand: Generated<number>;
  reserved: Generated<number>;
  min_qty: Generated<number>;
  place: Generated<string>;
  search: string;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface StockReceiptsTable {
  id: Generated<number>;
  supplier_id: number | null;
  supplier_name: string;
  note: Generated<string>;
  total: number;
  reverses_id: number | null;
  user_id: number | null;
  user_name: string;
  created_at: string;
}

export interface StockReceiptLinesTable {
  id: Generated<number>;
  receipt_id: number;
  part_id: number;
  quantity: number;
  cost: number;
}

export interface StockCountsTable {
  id: Generated<number>;
  place: string;
  note: string;
  user_id: number | null;
  user_name: string;
  created_at: string;
}

export interface StockCountLinesTable {
  id: Generated<number>;
  count_id: number;
  part_id: number;
  expected: number;
  counted: number;
}

export interface StockMovesTable {
  id: Generated<number>;
  part_id: number;
  kind: string;
  on_hand_change: number;
  reserved_change: number;
  on_hand_after: number;
  reserved_after: number;
  ticket_id: number | null;
  receipt_id: number | null;
  count_id: number | null;
  note: Generated<string>;
  user_id: number | null;
  user_name: string;
  created_at: string;
}
