import { useEffect, useState, useSyncExternalStore } from 'react';
import { AutosaveDraft, type AutosaveOptions } from './autosave';

/** Spec §9: client and task edits save 500 ms after the last change. */
export const AUTOSAVE_DELAY_MS = 500;

/**
 * React binding of AutosaveDraft. `server` is the latest record from the server;
 * `options` are read once (pass stable functions). Unsaved changes are sent when the
 * page is left, and closing the tab asks first while a save is outstanding.
 */
export function useAutosave<T extends Record<string, string>>(
  server: T,
  options: Omit<AutosaveOptions<T>, 'delayMs'> & { delayMs?: number },
) {
  const [draft] = useState(() => new AutosaveDraft(server, { delayMs: AUTOSAVE_DELAY_MS, ...options }));
  const state = useSyncExternalStore(draft.subscribe, draft.getSnapshot);

  useEffect(() => draft.receive(server), [draft, server]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (draft.hasUnsavedChanges()) event.preventDefault();
    };
    // Leaving the page, switching apps on a phone: send what is typed now, not in 500 ms.
    const flushNow = () => void draft.flush();
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') flushNow();
    };
    window.addEventListener('beforeunload', warn);
    window.addEventListener('pagehide', flushNow);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      window.removeEventListener('beforeunload', warn);
      window.removeEventListener('pagehide', flushNow);
      document.removeEventListener('visibilitychange', flushWhenHidden);
      flushNow();
    };
  }, [draft]);

  return { ...state, set: draft.set, flush: () => draft.flush() };
}
