import { useMemo, useState } from 'react';
import type { AutosaveOptions, Snapshot } from './autosave';
import { useCurrentUser } from './session';
import { toast } from './toast';
import { unsentEditsStore } from './unsent-edits';
import { classifySaveError, useAutosave } from './use-autosave';

/**
 * The autosave draft of one record's card (client, task, ticket): its unsent edits
 * kept per signed-in user and record, saves through `patch`, conflicts read from the
 * 409's `recordKey`, failures as a toast. `textFields` are trimmed as the server does.
 */
export function useRecordDraft<T extends Record<string, string>, Dto>(options: {
  record: Dto;
  url: string;
  recordKey: string;
  toSnapshot: (dto: Dto) => Snapshot<T>;
  toPatch: (changes: Partial<T>) => object;
  /** Sends `{ ...fields, version }`; resolves with the record as saved. */
  patch: (body: object) => Promise<Dto>;
  textFields: readonly (keyof T)[];
  validate?: AutosaveOptions<T>['validate'];
  saveOn?: AutosaveOptions<T>['saveOn'];
}) {
  const { record, url, recordKey, toSnapshot, toPatch, patch, textFields } = options;
  const userId = useCurrentUser().id;
  const server = useMemo(() => toSnapshot(record), [toSnapshot, record]);
  const [store] = useState(() =>
    unsentEditsStore<T>(userId, url, (field, value) => ({ ...toPatch({ [field]: value } as Partial<T>) })),
  );
  return useAutosave<T>(server, {
    save: async (changes, version) => toSnapshot(await patch({ ...toPatch(changes), version })),
    classify: classifySaveError(recordKey, toSnapshot),
    validate: options.validate,
    normalize: (field, value) => (textFields.includes(field) ? value.trim() : value),
    saveOn: options.saveOn,
    store,
    onError: (message) => toast.error(message),
  });
}
