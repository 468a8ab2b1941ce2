import { Button, FileButton, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { uploadProblem } from '../../domain/upload-check';
import { downscalePhotos } from '../lib/downscale-photo';
import { publicConfigQuery } from '../lib/session';
import { toast } from '../lib/toast';
import type { UploadOptions } from '../lib/upload';

type Stage = { kind: 'idle' } | { kind: 'preparing' } | { kind: 'sending'; fraction: number };

/**
 * Picks several files at once and sends them with a progress bar, a percentage and
 * «Отменить» (issue 17). Photos are scaled down first when `photos` is set; files over
 * the server's limits are refused here at once, before a byte is sent.
 */
export function UploadButton({
  label,
  accept,
  photos = false,
  onFiles,
}: {
  label: string;
  accept?: string;
  /** Scale camera photos down before sending (downscale-photo.ts). */
  photos?: boolean;
  /** Sends the files; settles when the server has answered (or the upload was cancelled). */
  onFiles: (files: File[], options: UploadOptions) => Promise<unknown>;
}) {
  const config = useQuery(publicConfigQuery).data;
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const allSent = useRef(false);
  // Leaving the page while a file goes up cancels it: nothing half-sent is kept. Once every
  // byte is sent the server is saving it: that is left to finish (and to say «загружены»).
  useEffect(
    () => () => {
      if (!allSent.current) controller.current?.abort();
    },
    [],
  );

  const pick = async (picked: File[]) => {
    if (picked.length === 0) return;
    const abort = new AbortController();
    controller.current = abort;
    try {
      setStage({ kind: 'preparing' });
      const files = photos ? await downscalePhotos(picked) : picked;
      if (abort.signal.aborted) return;
      const problem = config ? uploadProblem(files, config) : null;
      if (problem) {
        toast.error(problem);
        return;
      }
      setStage({ kind: 'sending', fraction: 0 });
      allSent.current = false;
      await onFiles(files, {
        signal: abort.signal,
        onProgress: (fraction) => {
          allSent.current = fraction >= 1;
          setStage({ kind: 'sending', fraction });
        },
      }).catch(() => undefined); // the caller says what went wrong
    } finally {
      if (controller.current === abort) controller.current = null;
      setStage({ kind: 'idle' });
    }
  };

  if (stage.kind !== 'idle') {
    const percent = stage.kind === 'sending' ? Math.round(stage.fraction * 100) : 0;
    const text =
      stage.kind === 'preparing'
        ? 'Подготовка фото…'
        : percent >= 100
          ? 'Сохранение…'
          : `Загрузка: ${percent}%`;
    return (
      <Stack gap={4} miw={180} style={{ flex: '0 1 240px' }} data-testid="upload-progress">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm">{text}</Text>
          {/* Once every byte is sent the server is saving: too late to take it back. */}
          {percent < 100 && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              onClick={() => controller.current?.abort()}
            >
              Отменить
            </Button>
          )}
        </Group>
        {/* A screen reader hears the stage, not every percent. */}
        <VisuallyHidden aria-live="polite">
          {stage.kind === 'preparing'
            ? 'Подготовка фото'
            : percent >= 100
              ? 'Сохранение'
              : 'Загрузка началась'}
        </VisuallyHidden>
        <Progress
          value={stage.kind === 'sending' ? percent : 100}
          animated={stage.kind === 'preparing' || percent >= 100}
          striped={stage.kind === 'preparing' || percent >= 100}
          aria-label={text}
        />
      </Stack>
    );
  }
  return (
    <FileButton multiple accept={accept} onChange={(files) => void pick(files)}>
      {(props) => (
        <Button {...props} variant="light" size="sm">
          {label}
        </Button>
      )}
    </FileButton>
  );
}
