import type { UnsentEditsStore, UnsentField } from './unsent-edits';

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** A record as the draft sees it: form values (strings) and the server's version. */
export interface Snapshot<T> {
  values: T;
  version: number;
}

/** What a refused save tells: which fields someone else changed, and the record now. */
export interface SaveConflict<T> {
  fields: { field: keyof T; changedBy: string }[];
  current: Snapshot<T>;
}

export interface FieldConflictState {
  /** The value the other person saved. */
  theirs: string;
  changedBy: string;
}

export type SaveFailure<T> =
  | { kind: 'conflict'; conflict: SaveConflict<T> }
  | { kind: 'offline' }
  /** The record is gone (deleted): nothing to save to. */
  | { kind: 'gone'; message: string }
  | { kind: 'error'; message: string };

export interface AutosaveOptions<T extends Record<string, string>> {
  /** Debounce for fields that save while typing (spec §9: 500 ms). */
  delayMs: number;
  /** Fields sent at once (selects, pickers) or only when left (spec §9: ticket texts save on blur). */
  saveOn?: Partial<Record<keyof T, 'now' | 'blur'>>;
  /** Sends changes based on `version`; resolves with the record as the server now has it. */
  save: (changes: Partial<T>, version: number) => Promise<Snapshot<T>>;
  /** Sorts a failed save into what the screen should say. */
  classify: (error: unknown) => SaveFailure<T>;
  /** A message when the value cannot be saved (it stays on screen, unsent). */
  validate?: (field: keyof T, value: string) => string | undefined;
  /**
   * What the server will store for a typed value (e.g. trimmed). Two values with the
   * same normal form are the same edit: a trailing space is not "unsaved", and the
   * server's trimmed echo never replaces what is being typed.
   */
  normalize?: (field: keyof T, value: string) => string;
  /** Keeps unsent edits in the browser, so closing the page or going offline loses nothing. */
  store?: UnsentEditsStore<T>;
  onError?: (message: string) => void;
  /** Pauses before retrying a save that could not reach the server. */
  retryDelaysMs?: number[];
}

export type SaveStatus =
  'saved' | 'pending' | 'waiting' | 'saving' | 'offline' | 'invalid' | 'conflict' | 'failed';

export interface AutosaveState<T> {
  values: T;
  errors: FieldErrors<T>;
  conflicts: Partial<Record<keyof T, FieldConflictState>>;
  status: SaveStatus;
  /** Something typed has not reached the server yet. */
  unsent: boolean;
  saving: boolean;
}

interface Base {
  /** The server's (normal-form) value this field's edit started from. */
  value: string;
  /** The record's version when that was the server's value. */
  version: number;
}

/** A field's value; `T` has every field, the index type just cannot say so. */
const at = <T extends Record<string, string>>(values: T, field: keyof T): string => values[field] ?? '';

const DEFAULT_RETRY_MS = [2000, 5000, 10_000, 30_000];

/**
 * An edit card's draft: what is on screen, what the server has, and what to send.
 *
 * - Nothing the person types is rewritten: the server's value replaces a field only
 *   when the field holds no unsent edit and the server's value really differs.
 * - Each field remembers the version its edit was based on; a save carries it, and
 *   a field someone else changed meanwhile comes back as a conflict to resolve.
 * - One save is in flight at a time; what is typed meanwhile goes next.
 * - Unsent edits are kept in `store` and survive a closed page; a save that cannot
 *   reach the server is retried, and sent when the connection returns.
 */
export class AutosaveDraft<T extends Record<string, string>> {
  private values: T;
  private server: Snapshot<T>;
  private readonly base = {} as Record<keyof T, Base>;
  private errors: FieldErrors<T> = {};
  private conflicts: Partial<Record<keyof T, FieldConflictState>> = {};
  private focused: keyof T | null = null;
  /** Fields whose input shows text not yet given to `set` (a date still being typed). */
  private readonly held = new Set<keyof T>();
  private inFlight: Partial<T> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryCount = 0;
  private saveAgain = false;
  private offline = false;
  private failed = false;
  private disposed = false;
  private snapshot: AutosaveState<T>;
  private readonly listeners = new Set<() => void>();

  constructor(
    initial: Snapshot<T>,
    private readonly options: AutosaveOptions<T>,
  ) {
    this.values = { ...initial.values };
    this.server = { values: { ...initial.values }, version: initial.version };
    for (const field of this.fields()) {
      this.base[field] = { value: at(initial.values, field), version: initial.version };
    }
    this.restoreUnsent();
    this.snapshot = this.makeSnapshot();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /** The person changed a field. */
  set = (field: keyof T, value: string) => {
    this.values = { ...this.values, [field]: value };
    this.errors = { ...this.errors, [field]: this.options.validate?.(field, value) };
    this.failed = false;
    this.persist();
    const mode = this.options.saveOn?.[field];
    if (mode === 'blur') {
      this.emit();
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), mode === 'now' ? 0 : this.options.delayMs);
    this.emit();
  };

  focus = (field: keyof T) => {
    this.focused = field;
    this.emit();
  };

  /**
   * A field's input holds a change it has not handed over yet (DateField while a date is typed):
   * the card must not say «Сохранено» meanwhile (issue 48).
   */
  hold = (field: keyof T, held: boolean) => {
    if (held === this.held.has(field)) return;
    if (held) this.held.add(field);
    else this.held.delete(field);
    this.emit();
  };

  /** The person left a field: tidy its surrounding whitespace, and send what is typed now. */
  blur = (field: keyof T) => {
    if (this.focused === field) this.focused = null;
    const normal = this.normal(field, at(this.values, field));
    if (normal !== at(this.values, field) && !this.errors[field]) {
      this.values = { ...this.values, [field]: normal };
      this.persist();
    }
    this.emit();
    if (this.isDirty(field)) void this.flush();
  };

  /** The server's current record (a refetch, a live update, a save's answer). */
  receive(next: Snapshot<T>) {
    if (next.version < this.server.version) return;
    const values = { ...this.values };
    for (const field of this.fields()) {
      const theirs = at(next.values, field);
      const conflict = this.conflicts[field];
      if (conflict) {
        this.conflicts = { ...this.conflicts, [field]: { ...conflict, theirs } };
        continue;
      }
      if (!this.isDirty(field)) {
        // Only a real change replaces the field; an equivalent value (the server's
        // trimmed form of what is typed) leaves the person's text alone.
        if (theirs !== this.normal(field, at(values, field))) Object.assign(values, { [field]: theirs });
        this.base[field] = { value: theirs, version: next.version };
      } else if (theirs === this.base[field].value) {
        this.base[field] = { value: theirs, version: next.version };
      } else if (this.inFlight && theirs === this.normal(field, this.inFlight[field] ?? '')) {
        // The answer to our own save, while the person typed on.
        this.base[field] = { value: theirs, version: next.version };
      }
      // Otherwise someone else changed a field with an unsent edit: the save will say so.
    }
    this.values = values;
    this.server = { values: { ...next.values }, version: next.version };
    this.persist();
    this.emit();
  }

  /** Conflict resolution: take the other person's value, dropping one's own edit. */
  keepTheirs = (field: keyof T) => {
    const conflict = this.conflicts[field];
    if (!conflict) return;
    this.values = { ...this.values, [field]: at(this.server.values, field) };
    this.base[field] = { value: at(this.server.values, field), version: this.server.version };
    this.errors = { ...this.errors, [field]: undefined };
    this.dropConflict(field);
  };

  /**
   * Leaving the card: edits that can never go as they are (invalid, or in conflict)
   * are dropped, so they do not come back on the next visit; edits waiting for a
   * connection stay and are sent later.
   */
  discardUnsendable = () => {
    for (const field of this.fields()) {
      if (!this.conflicts[field] && !(this.isDirty(field) && this.errors[field])) continue;
      this.values = { ...this.values, [field]: at(this.server.values, field) };
      this.base[field] = { value: at(this.server.values, field), version: this.server.version };
      this.errors = { ...this.errors, [field]: undefined };
      const rest = { ...this.conflicts };
      delete rest[field];
      this.conflicts = rest;
    }
    this.persist();
    this.emit();
  };

  /** Conflict resolution: put one's own value back over theirs. */
  keepMine = (field: keyof T) => {
    if (!this.conflicts[field]) return;
    this.base[field] = { value: at(this.server.values, field), version: this.server.version };
    this.dropConflict(field);
    void this.flush();
  };

  hasUnsent(): boolean {
    return this.fields().some((field) => this.isDirty(field));
  }

  /**
   * Sends what can be sent now: every unsent field that is valid and not in conflict,
   * except a save-on-blur field still being typed in (unless `everything`, as when
   * the page closes). Safe to call at any time.
   */
  async flush({ everything = false } = {}): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.inFlight) {
      this.saveAgain = true;
      this.emit();
      return;
    }
    const groups = this.sendableGroups(everything);
    if (groups.length === 0) {
      this.emit();
      return;
    }
    clearTimeout(this.retryTimer);
    try {
      for (const { version, changes } of groups) {
        this.inFlight = changes;
        this.emit();
        const answer = await this.options.save(changes, version);
        this.offline = false;
        this.retryCount = 0;
        for (const field of Object.keys(changes) as (keyof T)[]) {
          const stored = at(answer.values, field);
          this.base[field] = { value: stored, version: answer.version };
          // The server keeps its own form of a value (beyond `normalize`): show it, unless
          // the person is in the field or has typed on since.
          const untouched = this.normal(field, at(this.values, field)) === changes[field];
          if (stored !== changes[field] && untouched && this.focused !== field) {
            this.values = { ...this.values, [field]: stored };
          }
        }
        this.receive(answer);
      }
    } catch (error) {
      this.fail(this.options.classify(error));
    } finally {
      this.inFlight = null;
      this.persist();
      const again = this.saveAgain;
      this.saveAgain = false;
      this.emit();
      if (again && !this.disposed) await this.flush({ everything });
    }
  }

  /** The connection is back (or the page is shown again): send what waits. */
  retryNow = () => {
    if (this.hasUnsent()) void this.flush();
  };

  /** The card is on screen: edits restored from an earlier page go out now. */
  activate() {
    this.disposed = false;
    if (this.hasUnsent()) this.timer = setTimeout(() => void this.flush(), 0);
  }

  /** The card is gone: no more timers (a save under way still finishes). */
  dispose() {
    this.disposed = true;
    clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
  }

  private fail(failure: SaveFailure<T>) {
    switch (failure.kind) {
      case 'conflict': {
        const { current, fields } = failure.conflict;
        for (const { field, changedBy } of fields) {
          this.conflicts = {
            ...this.conflicts,
            [field]: { theirs: at(current.values, field), changedBy },
          };
        }
        this.receive(current);
        // The other fields of that save were not written: they go again, without the clash.
        this.saveAgain = true;
        return;
      }
      case 'offline':
        this.offline = true;
        this.scheduleRetry();
        return;
      case 'gone':
        this.options.store?.clear();
        this.failed = true;
        this.options.onError?.(failure.message);
        return;
      case 'error':
        this.failed = true;
        this.options.onError?.(failure.message);
    }
  }

  private scheduleRetry() {
    if (this.disposed) return;
    const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_MS;
    const delay = delays[Math.min(this.retryCount, delays.length - 1)] ?? 30_000;
    this.retryCount += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.flush(), delay);
  }

  private dropConflict(field: keyof T) {
    const rest = { ...this.conflicts };
    delete rest[field];
    this.conflicts = rest;
    this.persist();
    this.emit();
  }

  /** Unsent fields grouped by the version they are based on, oldest first. */
  private sendableGroups(everything: boolean): { version: number; changes: Partial<T> }[] {
    const groups = new Map<number, Partial<T>>();
    for (const field of this.fields()) {
      if (!this.isDirty(field) || this.errors[field] || this.conflicts[field]) continue;
      if (!everything && this.options.saveOn?.[field] === 'blur' && this.focused === field) continue;
      const { version } = this.base[field];
      const changes: Partial<T> = Object.assign({}, groups.get(version));
      Object.assign(changes, { [field]: this.normal(field, at(this.values, field)) });
      groups.set(version, changes);
    }
    return [...groups.entries()]
      .sort(([a], [b]) => a - b)
      .map(([version, changes]) => ({ version, changes }));
  }

  private isDirty(field: keyof T): boolean {
    return this.normal(field, at(this.values, field)) !== this.base[field].value;
  }

  private normal(field: keyof T, value: string): string {
    return this.options.normalize ? this.options.normalize(field, value) : value;
  }

  private fields(): (keyof T)[] {
    return Object.keys(this.server.values) as (keyof T)[];
  }

  private persist() {
    const store = this.options.store;
    if (!store) return;
    const unsent: Partial<Record<keyof T, UnsentField>> = {};
    for (const field of this.fields()) {
      if (!this.isDirty(field)) continue;
      unsent[field] = {
        value: at(this.values, field),
        baseValue: this.base[field].value,
        baseVersion: this.base[field].version,
      };
    }
    store.write(unsent);
  }

  /** Edits left unsent by an earlier page (closed offline, say) come back on screen and go out. */
  private restoreUnsent() {
    const stored = this.options.store?.read();
    if (!stored) return;
    for (const field of Object.keys(stored) as (keyof T)[]) {
      const entry = stored[field];
      if (!entry || !(field in this.values)) continue;
      this.values = { ...this.values, [field]: entry.value };
      this.base[field] = { value: entry.baseValue, version: entry.baseVersion };
      this.errors = { ...this.errors, [field]: this.options.validate?.(field, entry.value) };
    }
  }

  private status(): SaveStatus {
    if (this.inFlight) return 'saving';
    if (Object.keys(this.conflicts).length > 0) return 'conflict';
    if (!this.hasUnsent()) return this.held.size > 0 ? 'waiting' : 'saved';
    if (this.fields().some((f) => this.isDirty(f) && this.errors[f])) return 'invalid';
    if (this.offline) return 'offline';
    if (this.failed) return 'failed';
    // Only a save-on-blur field being typed in waits: it goes when the person leaves it.
    const waitsForBlur = (f: keyof T) => this.options.saveOn?.[f] === 'blur' && this.focused === f;
    const unsent = this.fields().filter((f) => this.isDirty(f));
    if (this.timer === undefined && unsent.every(waitsForBlur)) return 'waiting';
    return 'pending';
  }

  private makeSnapshot(): AutosaveState<T> {
    return {
      values: this.values,
      errors: this.errors,
      conflicts: this.conflicts,
      status: this.status(),
      unsent: this.hasUnsent(),
      saving: this.inFlight !== null,
    };
  }

  private emit() {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }
}
