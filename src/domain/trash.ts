import type { RecordKind } from './records';

/** A row of the Корзина page. */
export interface TrashItemDto {
  kind: RecordKind;
  id: number;
  /** The ticket's type, the task's title or the client's name. */
  title: string;
  /** The ticket's or task's client, or the client's phone. */
  detail: string;
  deletedAt: string;
  deletedByName: string;
}
