import type { StoredFileDto } from './ticket-schemas';

/**
 * The staff's conversation about a ticket or a task (issue 55): never shown to the client, on the
 * status page or on papers. A comment names colleagues with `@Имя`; each named person gets a push
 * and sees the item under «Мои» until they answer on it or mark the mention read.
 */

export const COMMENT_KINDS = ['ticket', 'task'] as const;
export type CommentKind = (typeof COMMENT_KINDS)[number];

export const COMMENT_MAX_LENGTH = 4000;
export const COMMENT_MAX_PHOTOS = 10;
/** Its author may edit or delete a comment this long after writing it; the history keeps each change. */
export const COMMENT_EDIT_MINUTES = 15;
/** A thread's page, newest first on the server; the card shows them oldest first. */
export const COMMENT_PAGE_SIZE = 50;

export const COMMENT_EMPTY_MESSAGE = 'Напишите комментарий или приложите фото';
export const COMMENT_NOT_FOUND_MESSAGE = 'Комментарий не найден';
export const COMMENT_NOT_YOURS_MESSAGE = 'Изменить или удалить можно только свой комментарий';
export const COMMENT_TOO_OLD_MESSAGE = `Комментарий можно изменить или удалить только в течение ${COMMENT_EDIT_MINUTES} минут`;
export const COMMENT_CHANGED_MESSAGE = 'Комментарий уже изменили в другом окне — проверьте его текст';

export interface CommentDto {
  id: number;
  authorId: number;
  authorName: string;
  /** Empty for a deleted comment: its text stays only in the item's history. */
  body: string;
  mentions: { id: number; name: string }[];
  photos: StoredFileDto[];
  createdAt: string;
  editedAt: string | null;
  deletedAt: string | null;
  version: number;
  clientKey: string;
}

export interface CommentPageDto {
  /** Oldest first. */
  items: CommentDto[];
  /** Older comments exist before the first one. */
  more: boolean;
}

/** An item where the reader has open mentions: the newest of them, and how many there are. */
export interface MentionDto {
  id: number;
  kind: CommentKind;
  itemId: number;
  itemTitle: string;
  commentId: number;
  authorName: string;
  excerpt: string;
  createdAt: string;
  /** Open mentions of the reader on this item. */
  count: number;
}

export interface MentionListDto {
  items: MentionDto[];
  /** Items with open mentions. */
  total: number;
}

export interface Person {
  id: number;
  displayName: string;
}

const isWordCharacter = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);

/**
 * Where `@Имя` names people in a text: each mark once, the longest name that fits (so «@Игорь
 * Петров» is Игорь Петров, not a person called Игорь), case aside, ending where a word ends. Two
 * people with the same name are both named: better both told than the wrong one.
 */
export function mentionMarks(
  text: string,
  people: readonly Person[],
): { start: number; end: number; ids: number[] }[] {
  const byName = new Map<string, number[]>();
  for (const person of people) {
    const name = person.displayName.trim().toLocaleLowerCase('ru');
    if (name !== '') byName.set(name, [...(byName.get(name) ?? []), person.id]);
  }
  const names = [...byName.keys()].sort((a, b) => b.length - a.length);
  const lower = text.toLocaleLowerCase('ru');
  const marks: { start: number; end: number; ids: number[] }[] = [];
  let at = lower.indexOf('@');
  while (at !== -1) {
    const found = names.find(
      (name) => lower.startsWith(name, at + 1) && !isWordCharacter(lower[at + 1 + name.length]),
    );
    if (found !== undefined && !isWordCharacter(lower[at - 1])) {
      const end = at + 1 + found.length;
      marks.push({ start: at, end, ids: byName.get(found)! });
      at = lower.indexOf('@', end);
    } else at = lower.indexOf('@', at + 1);
  }
  return marks;
}

/** The people a text mentions, each once, in the order first named. */
export function mentionedIds(text: string, people: readonly Person[]): number[] {
  return [...new Set(mentionMarks(text, people).flatMap((mark) => mark.ids))];
}

/** A comment's text cut into plain runs and mentions, for showing the mentions apart. */
export function commentRuns(
  text: string,
  mentioned: readonly { id: number; name: string }[],
): { text: string; mention: boolean }[] {
  const marks = mentionMarks(
    text,
    mentioned.map((m) => ({ id: m.id, displayName: m.name })),
  );
  const runs: { text: string; mention: boolean }[] = [];
  let from = 0;
  for (const mark of marks) {
    if (mark.start > from) runs.push({ text: text.slice(from, mark.start), mention: false });
    runs.push({ text: text.slice(mark.start, mark.end), mention: true });
    from = mark.end;
  }
  if (from < text.length) runs.push({ text: text.slice(from), mention: false });
  return runs;
}

/**
 * The name being typed after an `@` just before the cursor («@Иг» → «Иг»), or null when the
 * cursor is not in one: what the autocomplete looks up.
 */
export function mentionQueryAt(text: string, cursor: number): { start: number; query: string } | null {
  const before = text.slice(0, cursor);
  const at = before.lastIndexOf('@');
  if (at === -1 || isWordCharacter(before[at - 1])) return null;
  const query = before.slice(at + 1);
  // A name has at most two spaces (Фамилия Имя Отчество) and no line breaks.
  if (query.length > 40 || /\n/.test(query) || (query.match(/ /g)?.length ?? 0) > 2) return null;
  return { start: at, query };
}

/** Whether a comment's author may still change it: their own, not deleted, within the window. */
export function commentChangeRefusal(
  comment: { authorId: number; createdAt: string; deletedAt: string | null },
  userId: number,
  now: Date,
): string | null {
  if (comment.deletedAt !== null) return COMMENT_NOT_FOUND_MESSAGE;
  if (comment.authorId !== userId) return COMMENT_NOT_YOURS_MESSAGE;
  if (now.getTime() - Date.parse(comment.createdAt) > COMMENT_EDIT_MINUTES * 60_000) {
    return COMMENT_TOO_OLD_MESSAGE;
  }
  return null;
}

/** The first line or so of a comment, for a push and the list of mentions. */
export function commentExcerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  // At a word's end when there is one in the second half: a push should not end mid-word.
  const space = flat[max - 1] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
