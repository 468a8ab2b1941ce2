import { api, ApiError } from './api';

/**
 * Edits not yet on the server, kept in the browser per record and field
 * (localStorage), so that a closed page, a reload or a lost connection loses nothing.
 * An open card sends its own; `sendUnsentEdits` sends the rest when the app starts
 * and whenever the connection returns.
 */

export interface UnsentField {
  /** What the person typed. */
  value: string;
  /** The server's value the edit started from, and the record's version then. */
  baseValue: string;
  baseVersion: number;
}

export interface UnsentEditsStore<T> {
  read(): Partial<Record<keyof T, UnsentField>> | null;
  write(fields: Partial<Record<keyof T, UnsentField>>): void;
  clear(): void;
}

interface StoredField extends UnsentField {
  /** The same edit as the API takes it, e.g. `{ assigneeId: 7 }` for the form's '7'. */
  patch: Record<string, unknown>;
}

interface StoredRecord {
  url: string;
  fields: Record<string, StoredField>;
}

const PREFIX = 'glz:unsent:';
const keyOf = (userId: number, url: string) => `${PREFIX}${userId}:${url}`;

/** Cards whose draft is open in this tab: they send their own edits. */
const openCards = new Set<string>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode or storage disabled: edits then live as long as the page
  }
}

function readRecord(key: string): StoredRecord | null {
  try {
    const raw = storage()?.getItem(key);
    return raw ? (JSON.parse(raw) as StoredRecord) : null;
  } catch {
    return null;
  }
}

function writeRecord(key: string, record: StoredRecord) {
  try {
    if (Object.keys(record.fields).length === 0) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(record));
  } catch {
    // Storage full or unavailable: the edit still lives in the open page.
  }
}

/**
 * The store for one record's card. `toPatch` turns one form field into the API's
 * shape, so the edit can be sent later without the card.
 */
export function unsentEditsStore<T extends Record<string, string>>(
  userId: number,
  url: string,
  toPatch: (field: keyof T, value: string) => Record<string, unknown>,
): UnsentEditsStore<T> & { open(): () => void } {
  const key = keyOf(userId, url);
  return {
    open() {
      openCards.add(key);
      return () => openCards.delete(key);
    },
    read() {
      return (readRecord(key)?.fields ?? null) as Partial<Record<keyof T, UnsentField>> | null;
    },
    write(fields) {
      const stored: Record<string, StoredField> = {};
      for (const [field, entry] of Object.entries(fields) as [keyof T & string, UnsentField | undefined][]) {
        if (entry) stored[field] = { ...entry, patch: toPatch(field, entry.value) };
      }
      writeRecord(key, { url, fields: stored });
    },
    clear() {
      storage()?.removeItem(key);
    },
  };
}

export type SendResult = 'sent' | 'conflict' | 'offline' | 'rejected';

/** Sends one stored edit as the card would (PATCH with its base version). */
export async function patchStoredEdit(url: string, body: Record<string, unknown>): Promise<SendResult> {
  try {
    await api(url, { method: 'PATCH', body });
    return 'sent';
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return 'offline';
    return error.status === 409 ? 'conflict' : 'rejected';
  }
}

/**
 * Sends every stored edit of this user whose card is not open here, oldest base
 * version first, under the conflict rule. A conflict stays stored (the card shows it
 * when opened); an edit the server can never take (record deleted, invalid) is dropped.
 */
export async function sendUnsentEdits(
  userId: number,
  send: (url: string, body: Record<string, unknown>) => Promise<SendResult>,
): Promise<void> {
  const store = storage();
  if (!store) return;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(keyOf(userId, ''))) keys.push(key);
  }
  for (const key of keys) {
    if (openCards.has(key)) continue;
    const record = readRecord(key);
    if (!record) continue;
    const versions = [...new Set(Object.values(record.fields).map((f) => f.baseVersion))].sort(
      (a, b) => a - b,
    );
    for (const version of versions) {
      const group = Object.entries(record.fields).filter(([, f]) => f.baseVersion === version);
      const body = Object.assign({}, ...group.map(([, f]) => f.patch), { version }) as Record<
        string,
        unknown
      >;
      const result = await send(record.url, body);
      if (result === 'offline') return;
      if (result === 'conflict') break;
      for (const [field] of group) delete record.fields[field];
      if (result === 'rejected') record.fields = {};
      writeRecord(key, record);
      if (result === 'rejected') break;
    }
  }
}
