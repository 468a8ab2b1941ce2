import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';

/**
 * A whole-value settings form (requisites, templates) when someone else saves: untouched, it
 * shows their values and bases the next save on them; with edits of its own it keeps them,
 * and its save is refused with the 409 that says so (nothing typed is lost to a refetch).
 */
export function useFollowSaved<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  saved: { values: Values; version: number },
  setBaseVersion: (version: number) => void,
) {
  const seen = useRef(saved.version);
  useEffect(() => {
    if (saved.version === seen.current) return;
    seen.current = saved.version;
    if (form.isDirty()) return;
    form.setValues(saved.values);
    form.resetDirty(saved.values);
    setBaseVersion(saved.version);
    // `form` is stable; only a new saved version matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved.version]);
}
