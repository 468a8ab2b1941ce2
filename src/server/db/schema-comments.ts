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
