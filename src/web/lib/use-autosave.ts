import { useEffect, useState, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router';
import { ApiError } from './api';
import { AutosaveDraft, type AutosaveOptions, type SaveFailure, type Snapshot } from './autosave';
import type { UnsentEditsStore } from './unsent-edits';

/** Spec §9: client and task edits save 500 ms after the last change. */
export const AUTOSAVE_DELAY_MS = 500;

type HookOptions<T extends Record<string, string>> = Omit<AutosaveOptions<T>, 'delayMs' | 'store'> & {
  delayMs?: number;
  store?: UnsentEditsStore<T> & { open(): () => void };
};

/**
 * React binding of AutosaveDraft. `server` is the latest record from the server;
 * `options` are read once (pass stable functions). What is typed is sent when the
 * page is hidden or left; closing the tab, or leaving the card, while something
 * cannot be sent (no connection, an error, a conflict) asks first.
 */
export function useAutosave<T extends Record<string, string>>(server: Snapshot<T>, options: HookOptions<T>) {
  const [draft] = useState(() => new AutosaveDraft(server, { delayMs: AUTOSAVE_DELAY_MS, ...options }));
  const state = useSyncExternalStore(draft.subscribe, draft.getSnapshot);

  useEffect(() => draft.receive(server), [draft, server]);

  useEffect(() => {
    const closeCard = options.store?.open();
    draft.activate();
    const warn = (event: BeforeUnloadEvent) => {
      if (draft.hasUnsent()) event.preventDefault();
    };
    // Leaving the page, switching apps on a phone: send what is typed now, not in 500 ms.
    const flushNow = () => void draft.flush({ everything: true });
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') flushNow();
      else draft.retryNow();
    };
    window.addEventListener('beforeunload', warn);
    window.addEventListener('pagehide', flushNow);
    window.addEventListener('online', draft.retryNow);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      window.removeEventListener('beforeunload', warn);
      window.removeEventListener('pagehide', flushNow);
      window.removeEventListener('online', draft.retryNow);
      document.removeEventListener('visibilitychange', flushWhenHidden);
      flushNow();
      draft.dispose();
      closeCard?.();
    };
    // `options` are read once, like the draft's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);

  // Leaving the card inside the app: fine while saves go through (they finish on
  // their own); asks first when an edit is stuck here.
  const stuck =
    state.status === 'offline' ||
    state.status === 'invalid' ||
    state.status === 'conflict' ||
    state.status === 'failed';
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => stuck && currentLocation.pathname !== nextLocation.pathname,
  );

  return {
    ...state,
    set: draft.set,
    focus: draft.focus,
    blur: draft.blur,
    hold: draft.hold,
    keepMine: draft.keepMine,
    keepTheirs: draft.keepTheirs,
    blocker,
    discardUnsendable: draft.discardUnsendable,
    /** Props for a text input or textarea bound to `field`. */
    bind(field: keyof T) {
      return {
        value: state.values[field],
        error: state.errors[field],
        onChange: (event: { currentTarget: { value: string } }) =>
          draft.set(field, event.currentTarget.value),
        onFocus: () => draft.focus(field),
        onBlur: () => draft.blur(field),
      };
    },
  };
}

export type Autosave<T extends Record<string, string>> = ReturnType<typeof useAutosave<T>>;

/**
 * How a failed save reads for the draft: a 409 with `conflicts` names the fields
 * someone else changed and carries the record now (under `recordKey`); no answer at
 * all means no connection.
 */
export function classifySaveError<T extends Record<string, string>, Dto>(
  recordKey: string,
  toSnapshot: (dto: Dto) => Snapshot<T>,
): (error: unknown) => SaveFailure<T> {
  return (error) => {
    if (!(error instanceof ApiError)) return { kind: 'error', message: 'Не удалось сохранить' };
    if (error.status === 0) return { kind: 'offline' };
    if (error.status === 404) return { kind: 'gone', message: error.message };
    const body = error.body as Record<string, unknown> | null;
    const conflicts = body?.conflicts as { field: keyof T; changedBy: string }[] | undefined;
    const current = body?.[recordKey] as Dto | undefined;
    if (error.status === 409 && conflicts && current) {
      return { kind: 'conflict', conflict: { fields: conflicts, current: toSnapshot(current) } };
    }
    return { kind: 'error', message: error.message };
  };
}
