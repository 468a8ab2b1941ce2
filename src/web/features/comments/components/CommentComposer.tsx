import { Button, FileButton, Group, Image, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MAX_PHOTOS,
  mentionQueryAt,
  type CommentKind,
} from '../../../../domain/comments';
import type { UserOptionDto } from '../../../../domain/users';
import { downscalePhotos } from '../../../lib/downscale-photo';
import { useCurrentUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { newCommentKey, postComment } from '../api/comment-outbox';

/** The people whose names start (by any word) with what was typed after `@`; at most six. */
function matches(people: readonly UserOptionDto[], query: string, me: number): UserOptionDto[] {
  const q = query.trim().toLocaleLowerCase('ru');
  return people
    .filter((p) => p.id !== me)
    .filter((p) => {
      const name = p.displayName.toLocaleLowerCase('ru');
      return q === '' || name.startsWith(q) || name.split(/\s+/).some((word) => word.startsWith(q));
    })
    .slice(0, 6);
}

/** The text being written, kept on the device so a reload or a closed tab loses nothing. */
const draftKey = (userId: number, kind: CommentKind, itemId: number) =>
  `glz:comment-draft:${userId}:${kind}:${itemId}`;

function readDraft(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function keepDraft(key: string, text: string) {
  try {
    if (text === '') window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, text);
  } catch {
    // Storage full or unavailable: the text still lives in the open page.
  }
}

/** A photo picked for the comment, with its preview while it waits to be sent. */
interface Picked {
  file: File;
  preview: string;
}

/**
 * Writing a comment: text with `@` naming a colleague (the list of matching people opens under
 * the field; a tap or Enter puts the name in), photos, and «Отправить». What is sent goes to the
 * outbox (comment-outbox.ts) and shows in the thread at once, sent or waiting for the connection.
 */
export function CommentComposer({
  kind,
  itemId,
  people,
}: {
  kind: CommentKind;
  itemId: number;
  people: readonly UserOptionDto[];
}) {
  const me = useCurrentUser();
  const draft = draftKey(me.id, kind, itemId);
  const [text, setTextState] = useState(() => readDraft(draft));
  const setText = (next: string) => {
    setTextState(next);
    keepDraft(draft, next);
  };
  const [cursor, setCursor] = useState(0);
  const [photos, setPhotos] = useState<Picked[]>([]);
  const [preparing, setPreparing] = useState(false);
  // The highlighted name, for the query it was chosen under: a new query starts at the top.
  const [picked, setPicked] = useState({ query: '', index: 0 });
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  const typed = mentionQueryAt(text, cursor);
  const suggestions = typed && typed.start !== dismissedAt ? matches(people, typed.query, me.id) : [];
  const listId = useId();
  const optionId = (index: number) => `${listId}-${index}`;
  const active = picked.query === typed?.query ? picked.index : 0;
  // Previews are let go of when a photo is removed or sent, and when the card closes.
  const shown = useRef<Picked[]>([]);
  useEffect(() => {
    shown.current = photos;
  }, [photos]);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      shown.current.forEach((p) => URL.revokeObjectURL(p.preview));
    };
  }, []);
  const letGo = (gone: Picked[]) => gone.forEach((p) => URL.revokeObjectURL(p.preview));

  const choose = (person: UserOptionDto) => {
    if (!typed) return;
    const inserted = `@${person.displayName} `;
    const next = text.slice(0, typed.start) + inserted + text.slice(cursor);
    const at = typed.start + inserted.length;
    setText(next);
    setCursor(at);
    // The name is in: the list closes until the next @.
    setDismissedAt(typed.start);
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(at, at);
    });
  };

  const addPhotos = async (files: File[]) => {
    if (files.length === 0) return;
    if (photos.length + files.length > COMMENT_MAX_PHOTOS) {
      toast.error(`К комментарию можно приложить не больше ${COMMENT_MAX_PHOTOS} фото`);
      return;
    }
    setPreparing(true);
    try {
      const scaled = await downscalePhotos(files);
      // The card closed meanwhile: nothing to preview.
      if (!alive.current) return;
      setPhotos((current) => [
        ...current,
        ...scaled.map((file) => ({ file, preview: URL.createObjectURL(file) })),
      ]);
    } finally {
      setPreparing(false);
    }
  };

  const body = text.trim();
  const canSend = (body !== '' || photos.length > 0) && !preparing && text.length <= COMMENT_MAX_LENGTH;

  const send = () => {
    if (!canSend) return;
    void postComment({
      key: newCommentKey(),
      kind,
      itemId,
      body,
      writtenAt: new Date().toISOString(),
      photos: photos.map((p) => p.file),
    });
    setText('');
    setCursor(0);
    letGo(photos);
    setPhotos([]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setPicked({
          query: typed?.query ?? '',
          index: (active + step + suggestions.length) % suggestions.length,
        });
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const person = suggestions[active];
        if (person) choose(person);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedAt(typed?.start ?? null);
        return;
      }
    }
    // Ctrl+Enter (⌘+Enter) sends; a plain Enter is a new line, as in a messenger on a phone.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  };

  return (
    <Stack gap={6}>
      <Textarea
        ref={field}
        label="Новый комментарий"
        placeholder="Напишите коллегам; @ — упомянуть сотрудника"
        autosize
        minRows={2}
        maxRows={10}
        value={text}
        error={text.length > COMMENT_MAX_LENGTH ? `Не длиннее ${COMMENT_MAX_LENGTH} символов` : undefined}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setCursor(event.currentTarget.selectionStart);
        }}
        onSelect={(event) => setCursor(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={suggestions.length > 0}
        aria-controls={suggestions.length > 0 ? listId : undefined}
        aria-activedescendant={suggestions.length > 0 ? optionId(active) : undefined}
      />
      {suggestions.length > 0 && (
        <Stack gap={2} id={listId} role="listbox" aria-label="Кого упомянуть">
          {suggestions.map((person, index) => (
            <Button
              key={person.id}
              id={optionId(index)}
              tabIndex={-1}
              role="option"
              aria-selected={index === active}
              variant={index === active ? 'light' : 'subtle'}
              justify="flex-start"
              // Keeps the field's cursor: a tap on the list must not blur the text first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(person)}
            >
              @{person.displayName}
            </Button>
          ))}
        </Stack>
      )}
      {photos.length > 0 && (
        <Group gap="xs" align="flex-start">
          {photos.map((photo, index) => (
            <Stack key={photo.preview} gap={2} align="center">
              <Image src={photo.preview} alt={photo.file.name} w={72} h={72} radius="sm" fit="cover" />
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                aria-label={`Убрать фото ${photo.file.name}`}
                onClick={() => {
                  letGo([photo]);
                  setPhotos((current) => current.filter((_, i) => i !== index));
                }}
              >
                Убрать
              </Button>
            </Stack>
          ))}
        </Group>
      )}
      <Group justify="space-between" gap="xs">
        <FileButton onChange={(files) => void addPhotos(files)} accept="image/*" multiple>
          {(props) => (
            <Button
              {...props}
              variant="default"
              loading={preparing}
              disabled={photos.length >= COMMENT_MAX_PHOTOS}
            >
              Фото
            </Button>
          )}
        </FileButton>
        <Group gap="xs">
          <Text size="xs" c="dimmed" visibleFrom="sm">
            Ctrl+Enter — отправить
          </Text>
          <Button onClick={send} disabled={!canSend}>
            Отправить
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
