import type { CommentDto, CommentKind } from '../../../../domain/comments';
import { api, ApiError } from '../../../lib/api';
import { uploadForm, type UploadOptions } from '../../../lib/upload';

/**
 * Comments written but not yet on the server (issue 55). Every comment goes through here: it is
 * shown in its thread at once, kept in the browser (localStorage) while unsent, and sent again
 * whenever the connection returns. Its key, made when it is written, lets the server store it
 * once however many times it arrives (two tabs, an answer lost on the way).
 *
 * Photos cannot be kept in localStorage: a comment with photos waits in the open page only, and
 * after a reload it says its photos were lost instead of going without them.
 */
export interface PendingComment {
  key: string;
  kind: CommentKind;
  itemId: number;
  body: string;
  writtenAt: string;
  photos: File[];
  /** Photos this comment had when it was kept; more than `photos.length` after a reload. */
  photoCount: number;
  state: 'sending' | 'waiting' | 'failed';
  /** Why it was refused (state 'failed'), in the server's words. */
  problem?: string;
  /** Share of the photos sent, 0…1, while sending them. */
  progress?: number;
}

type Stored = Omit<PendingComment, 'photos' | 'state' | 'problem' | 'progress'> & {
  problem?: string;
};

const PREFIX = 'glz:comments:';
export const PHOTOS_LOST_MESSAGE = 'Фото не сохранились после перезагрузки страницы — приложите их снова';

let userId: number | null = null;
let pending: PendingComment[] = [];
const inFlight = new Set<string>();
const listeners = new Set<() => void>();
let onSent: ((comment: CommentDto, entry: PendingComment) => void) | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function save() {
  if (userId === null) return;
  const stored: Stored[] = pending.map(({ key, kind, itemId, body, writtenAt, photoCount, problem }) => ({
    key,
    kind,
    itemId,
    body,
    writtenAt,
    photoCount,
    ...(problem ? { problem } : {}),
  }));
  try {
    if (stored.length === 0) storage()?.removeItem(PREFIX + userId);
    else storage()?.setItem(PREFIX + userId, JSON.stringify(stored));
  } catch {
    // Storage full or unavailable: the comment still waits in the open page.
  }
}

function changed() {
  pending = [...pending];
  save();
  for (const listener of listeners) listener();
}

function update(key: string, patch: Partial<PendingComment>) {
  pending = pending.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry));
  changed();
}

function load(id: number): PendingComment[] {
  try {
    const raw = storage()?.getItem(PREFIX + id);
    const stored = raw ? (JSON.parse(raw) as Stored[]) : [];
    return stored.map((entry) => ({
      ...entry,
      photos: [],
      // Photos live only in the page that took them.
      ...(entry.photoCount > 0
        ? { state: 'failed' as const, problem: PHOTOS_LOST_MESSAGE }
        : { state: entry.problem ? ('failed' as const) : ('waiting' as const) }),
    }));
  } catch {
    return [];
  }
}

/** Starts the outbox for the signed-in person: what an earlier page left goes out now. */
export function openCommentOutbox(id: number, sent: (comment: CommentDto, entry: PendingComment) => void) {
  onSent = sent;
  if (userId !== id) {
    userId = id;
    pending = load(id);
    changed();
  }
  void sendWaiting();
}

export function subscribeOutbox(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const outboxSnapshot = () => pending;

/** A new random key for a comment (crypto.randomUUID needs a secure origin; a LAN address is not one). */
export function newCommentKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether a failure is the connection's (try again later) rather than a refusal. */
const isUnreachable = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500) && error.code !== 'aborted';

async function send(entry: PendingComment): Promise<void> {
  if (inFlight.has(entry.key)) return;
  inFlight.add(entry.key);
  update(entry.key, { state: 'sending', problem: undefined });
  const url = `/api/${entry.kind === 'ticket' ? 'tickets' : 'tasks'}/${entry.itemId}/comments`;
  const payload = { body: entry.body, clientKey: entry.key };
  try {
    let answer: { comment: CommentDto };
    if (entry.photos.length > 0) {
      const form = new FormData();
      form.append('comment', JSON.stringify(payload));
      for (const photo of entry.photos) form.append('files', photo, photo.name);
      const options: UploadOptions = { onProgress: (fraction) => update(entry.key, { progress: fraction }) };
      answer = await uploadForm<{ comment: CommentDto }>(url, form, options);
    } else {
      answer = await api<{ comment: CommentDto }>(url, { method: 'POST', body: payload });
    }
    pending = pending.filter((p) => p.key !== entry.key);
    changed();
    onSent?.(answer.comment, entry);
  } catch (error) {
    if (isUnreachable(error)) update(entry.key, { state: 'waiting', progress: undefined });
    else {
      const problem = error instanceof Error ? error.message : 'Комментарий не отправлен';
      update(entry.key, { state: 'failed', problem, progress: undefined });
    }
  } finally {
    inFlight.delete(entry.key);
  }
}

/** Puts a written comment in the outbox and sends it at once (or when the connection returns). */
export function postComment(entry: Omit<PendingComment, 'state' | 'photoCount'>): Promise<void> {
  const full: PendingComment = { ...entry, photoCount: entry.photos.length, state: 'waiting' };
  pending = [...pending, full];
  changed();
  return send(full);
}

/** Sends every comment waiting for the connection (the stream opened, the browser is online). */
export async function sendWaiting(): Promise<void> {
  await Promise.all(pending.filter((entry) => entry.state === 'waiting').map(send));
}

/** «Повторить» on a refused comment. */
export function retryComment(key: string): Promise<void> {
  const entry = pending.find((p) => p.key === key);
  return entry ? send(entry) : Promise.resolve();
}

/** «Убрать»: the person gives up a comment that was refused or lost its photos. */
export function dropComment(key: string): void {
  pending = pending.filter((p) => p.key !== key);
  changed();
}
