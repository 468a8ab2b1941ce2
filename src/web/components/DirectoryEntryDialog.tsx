import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { z } from '../../domain/zod-ru';
import { ApiError, errorMessage } from '../lib/api';
import { toast } from '../lib/toast';
import { ErrorBox } from './ErrorBox';

interface Entry {
  id: number;
  name: string;
  details: string;
  version: number;
}

interface Save<Input> {
  mutate: (input: Input, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

/**
 * Adds (`entry` null) or edits an entry of a short directory with a name and free text — a payer,
 * a supplier. A stale edit keeps the form and takes the entry's fresh version from the 409.
 */
export function DirectoryEntryDialog<E extends Entry>({
  entry,
  schema,
  conflictKey,
  texts,
  create,
  update,
  onClose,
}: {
  entry: E | null;
  schema: z.ZodType<{ name: string; details: string }>;
  /** Where the 409's body holds the entry as it is now. */
  conflictKey: string;
  texts: {
    newTitle: string;
    title: string;
    detailsLabel: string;
    placeholder?: string;
    saved: string;
    added: string;
  };
  create: Save<{ name: string; details: string }>;
  update: Save<{ id: number; version: number; name: string; details: string }>;
  onClose: () => void;
}) {
  const [name, setName] = useState(entry?.name ?? '');
  const [details, setDetails] = useState(entry?.details ?? '');
  const [version, setVersion] = useState(entry?.version ?? 1);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const parsed = schema.safeParse({ name, details });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Проверьте поля');
    const done = {
      onSuccess: () => {
        toast.success(entry ? texts.saved : texts.added);
        onClose();
      },
      onError: (error: unknown) => {
        setProblem(errorMessage(error));
        const body =
          error instanceof ApiError ? (error.body as Record<string, Entry | undefined> | null) : null;
        const fresh = body?.[conflictKey];
        if (fresh) setVersion(fresh.version);
      },
    };
    if (entry) update.mutate({ id: entry.id, version, ...parsed.data }, done);
    else create.mutate(parsed.data, done);
  };

  return (
    <Modal opened onClose={onClose} title={entry ? `${texts.title} «${entry.name}»` : texts.newTitle}>
      <Stack>
        <ErrorBox message={problem} />
        <TextInput
          label="Название"
          required
          maxLength={120}
          placeholder={texts.placeholder}
          value={name}
          data-autofocus
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Textarea
          label={texts.detailsLabel}
          autosize
          minRows={2}
          maxLength={1000}
          value={details}
          onChange={(event) => setDetails(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button loading={create.isPending || update.isPending} onClick={submit}>
            {entry ? 'Сохранить' : 'Добавить'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
