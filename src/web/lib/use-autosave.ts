import { useEffect, useState, useSyncExternalStore } from 'react';
import { AutosaveDraft, type AutosaveOptions } from './autosave';

/**
 * React binding of AutosaveDraft. `server` is the latest record from the server;
 * `options` are read once (pass stable functions). Unsaved changes are sent when the
 * page is left, and closing the tab asks first while a save is outstanding.
 */
export function useAutosave<T extends Record<string, string>>(server: T, options: AutosaveOptions<T>) {
  const [draft] = useState(() => new AutosaveDraft(server, options));
  const state = useSyncExternalStore(draft.subscribe, draft.getSnapshot);

  useEffect(() => draft.receive(server), [draft, server]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (draft.hasUnsavedChanges()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      void draft.flush();
    };
  }, [draft]);

  return { ...state, set: draft.set, flush: () => draft.flush() };
}
