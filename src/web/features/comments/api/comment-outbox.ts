import type { CommentDto, CommentKind } from '../../../../domain/comments';
import { api, ApiError } from '../../../lib/api';
import { uploadForm, type UploadOptions } from '../../../lib/upload';

/**
 * Comments written but not yet on the server (issue 55). Every comment goes through here: it is
 * shown in its thread at once, and sent again whenever the connection returns. Its key, made when
 * it is written, lets the server store it once however many times it arrives (two tabs, a page
 * reopened, an answer lost on the way).
 *
 * A text-only comment is kept in localStorage, one entry per comment (so two tabs never write over
 * each other's), and any open page sends what it finds there. Photos cannot be kept there: a
 * comment with photos waits in its own page only, and that page asks before it is closed.
 */
export interface PendingComment {
  key: string;
  kind: CommentKind;
  itemId: number;
  body: string;
  writtenAt: string;
  photos: File[];
  /**
   * sending; waiting for the connection (`offline`) or for the server (`server`: it did not
   * answer, or the session ended); failed: refused, with the server's reason in `problem`.
   */
  state: 'sending' | 'offline' | 'server' | 'failed';
  problem?: string;
  /** Share of the photos sent, 0…1, while sending them. */
  progress?: number;
}

type Stored = Pick<PendingComment, 'key' | 'kind' | 'itemId' | 'body' | 'writtenAt'>;

const PREFIX = 'glz:comment:';
/** A server that did not answer is asked again after this long (the connection's return is heard at once). */
const SERVER_RETRY_MS = 30_000;

let userId: number | null = null;
let pending: PendingComment[] = [];
const inFlight = new Set<string>();
const listeners = new Set<() => void>();
let onSent: ((comment: CommentDto, entry: PendingComment) => void) | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let guarding = false;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const storageKey = (key: string) => `${PREFIX}${userId}:${key}`;

function keep(entry: PendingComment) {
  if (userId === null || entry.photos.length > 0) return;
  const stored: Stored = {
    key: entry.key,
    kind: entry.kind,
    itemId: entry.itemId,
    body: entry.body,
    writtenAt: entry.writtenAt,
  };
  try {
    storage()?.setItem(storageKey(entry.key), JSON.stringify(stored));
  } catch {
    // Storage full or unavailable: the comment still waits in the open page.
  }
}

function forget(key: string) {
  try {
    storage()?.removeItem(storageKey(key));
  } catch {
    // Nothing kept.
  }
}

/** Text-only comments this person left unsent in any page, as this page reads them now. */
function readKept(): PendingComment[] {
  const store = storage();
  if (!store || userId === null) return [];
  const found: PendingComment[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const name = store.key(i);
    if (!name?.startsWith(`${PREFIX}${userId}:`)) continue;
    try {
      const entry = JSON.parse(store.getItem(name) ?? '') as Stored;
      found.push({ ...entry, photos: [], state: 'offline' });
    } catch {
      store.removeItem(name);
    }
  }
  return found.sort((a, b) => a.writtenAt.localeCompare(b.writtenAt));
}

function changed() {
  pending = [...pending];
  for (const listener of listeners) listener();
}

function update(key: string, patch: Partial<PendingComment>) {
  pending = pending.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry));
  changed();
}

/** Adds what other pages (or an earlier one) left in storage and this page does not hold yet. */
function takeInKept() {
  const held = new Set(pending.map((entry) => entry.key));
  const more = readKept().filter((entry) => !held.has(entry.key));
  if (more.length > 0) {
    pending = [...pending, ...more];
    changed();
  }
}

/** Starts the outbox for the signed-in person: what an earlier page left goes out now. */
export function openCommentOutbox(id: number, sent: (comment: CommentDto, entry: PendingComment) => void) {
  onSent = sent;
  if (!guarding && typeof window.addEventListener === 'function') {
    guarding = true;
    // Photos live only in this page: closing it while they go up asks first.
    window.addEventListener('beforeunload', (event) => {
      if (holdsUnsentPhotos()) event.preventDefault();
    });
  }
  if (userId !== id) {
    userId = id;
    pending = [];
    changed();
  }
  void sendWaiting();
}

export function subscribeOutbox(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const outboxSnapshot = () => pending;

/** Whether this page holds a comment with photos not yet sent: closing it would lose them. */
export const holdsUnsentPhotos = () => pending.some((entry) => entry.photos.length > 0);

/** A new random key for a comment (crypto.randomUUID needs a secure origin; a LAN address is not one). */
export function newCommentKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Why a send that did not go through should simply be tried again later; null for a refusal. */
function waitReason(error: unknown): 'offline' | 'server' | null {
  if (!(error instanceof ApiError) || error.code === 'aborted') return null;
  if (error.status === 0) return 'offline';
  // A server that failed, or a session that ended (sent again once signed in).
  if (error.status >= 500 || error.status === 401) return 'server';
  return null;
}

function retryLater() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void sendWaiting(), SERVER_RETRY_MS);
}

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
    forget(entry.key);
    pending = pending.filter((p) => p.key !== entry.key);
    changed();
    onSent?.(answer.comment, entry);
  } catch (error) {
    const reason = waitReason(error);
    if (reason !== null) {
      update(entry.key, { state: reason, progress: undefined });
      if (reason === 'server') retryLater();
    } else {
      const problem = error instanceof Error ? error.message : 'Комментарий не отправлен';
      update(entry.key, { state: 'failed', problem, progress: undefined });
    }
  } finally {
    inFlight.delete(entry.key);
  }
}

/** Puts a written comment in the outbox and sends it at once (or when the connection returns). */
export function postComment(entry: Omit<PendingComment, 'state'>): Promise<void> {
  const full: PendingComment = { ...entry, state: 'offline' };
  keep(full);
  pending = [...pending, full];
  changed();
  return send(full);
}

/** Sends every comment waiting for the connection or the server, this page's and those kept. */
export async function sendWaiting(): Promise<void> {
  takeInKept();
  const waiting = pending.filter((entry) => entry.state === 'offline' || entry.state === 'server');
  await Promise.all(waiting.map(send));
}

/** «Повторить» on a refused comment. */
export function retryComment(key: string): Promise<void> {
  const entry = pending.find((p) => p.key === key);
  return entry ? send(entry) : Promise.resolve();
}

/** «Убрать»: the person gives up a comment that was refused. */
export function dropComment(key: string): void {
  forget(key);
  pending = pending.filter((p) => p.key !== key);
  changed();
}
