// Tables added after schema.ts grew past 400 lines (migrations 0040 on).
import type { Generated } from 'kysely';

/** The staff's comments on tickets and tasks (migration 0040, issue 55). */
export interface CommentsTable {
  id: Generated<number>;
  item_kind: string;
  item_id: number;
  author_id: number;
  author_name: string;
  body: string;
  client_key: string;
  version: Generated<number>;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
}

/** Who a comment names; `done_at` once they answered on the item or marked it read. */
export interface CommentMentionsTable {
  id: Generated<number>;
  comment_id: number;
  user_id: number;
  item_kind: string;
  item_id: number;
  created_at: string;
  done_at: string | null;
}

/** A file imported from another repair system (migration 0041, issue 56). */
export interface ImportBatchesTable {
  id: Generated<number>;
  file_name: string;
  ticket_type: string;
  /** 'running', 'done', 'failed' (stopped part-way: what it wrote stays, and can be undone), 'undone'. */
  state: string;
  rows_total: number;
  rows_done: Generated<number>;
  tickets_created: Generated<number>;
  clients_created: Generated<number>;
  rows_skipped: Generated<number>;
  rows_refused: Generated<number>;
  /** JSON: the refused rows, each { line, error } (the first 1,000). */
  refusals: Generated<string>;
  created_by: number | null;
  created_by_name: string;
  created_at: string;
  progress_at: string;
  finished_at: string | null;
  undone_at: string | null;
  undone_by_name: Generated<string>;
}

/** A client or repair a batch created, at the version it was created with. */
export interface ImportBatchItemsTable {
  id: Generated<number>;
  batch_id: number;
  kind: string;
  record_id: number;
  version: number;
  row_key: Generated<string>;
}
