export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export interface AutosaveOptions<T extends Record<string, string>> {
  delayMs: number;
  /** Sends only the changed fields. Resolves when the server has them. */
  save: (changes: Partial<T>) => Promise<void>;
  /** A message when the value cannot be saved (it is then kept on screen but not sent). */
  validate?: (field: keyof T, value: string) => string | undefined;
  onSaved?: () => void;
  onError?: (error: unknown) => void;
}

export interface AutosaveState<T> {
  values: T;
  errors: FieldErrors<T>;
  /** Typed but not yet sent (the debounce is running or a save must follow the current one). */
  pending: boolean;
  saving: boolean;
}

/**
 * An edit form's draft that saves itself `delayMs` after the last change, sending
 * only what differs from what the server has. One save is in flight at a time, so
 * answers cannot arrive out of order; what the user types meanwhile goes next.
 * Values the server reports (its answer, or someone else's edit) replace only the
 * fields the user is not changing.
 */
export class AutosaveDraft<T extends Record<string, string>> {
  private values: T;
  private server: T;
  private errors: FieldErrors<T> = {};
  private timer: ReturnType<typeof setTimeout> | undefined;
  private saving = false;
  private saveAgain = false;
  private snapshot: AutosaveState<T>;
  private readonly listeners = new Set<() => void>();

  constructor(
    initial: T,
    private readonly options: AutosaveOptions<T>,
  ) {
    this.values = { ...initial };
    this.server = { ...initial };
    this.snapshot = this.makeSnapshot();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  set = (field: keyof T, value: string) => {
    this.values = { ...this.values, [field]: value };
    const error = this.options.validate?.(field, value);
    this.errors = { ...this.errors, [field]: error };
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.options.delayMs);
    this.emit();
  };

  /** The server's current values: adopt them wherever the user has nothing unsaved. */
  receive(server: T) {
    const next = { ...this.values };
    for (const key of Object.keys(server) as (keyof T)[]) {
      if (this.values[key] === this.server[key]) next[key] = server[key];
    }
    this.server = { ...server };
    this.values = next;
    this.emit();
  }

  hasUnsavedChanges(): boolean {
    return this.timer !== undefined || this.saving || Object.keys(this.changes()).length > 0;
  }

  /** Saves now (debounce skipped). Safe to call at any time, e.g. when the page closes. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.saving) {
      this.saveAgain = true;
      this.emit();
      return;
    }
    const changes = this.changes();
    if (Object.keys(changes).length === 0) {
      this.emit();
      return;
    }
    this.saving = true;
    this.emit();
    try {
      await this.options.save(changes);
      // The answer may have come through receive() already; this covers a save whose
      // caller does not feed answers back.
      this.server = { ...this.server, ...changes };
      this.options.onSaved?.();
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.saving = false;
      const again = this.saveAgain;
      this.saveAgain = false;
      this.emit();
      if (again) await this.flush();
    }
  }

  private changes(): Partial<T> {
    const changes: Partial<T> = {};
    for (const key of Object.keys(this.values) as (keyof T)[]) {
      if (this.values[key] !== this.server[key] && !this.errors[key]) changes[key] = this.values[key];
    }
    return changes;
  }

  private makeSnapshot(): AutosaveState<T> {
    return {
      values: this.values,
      errors: this.errors,
      pending: this.timer !== undefined || this.saveAgain,
      saving: this.saving,
    };
  }

  private emit() {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }
}
