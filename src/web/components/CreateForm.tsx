import { Button, Group, Paper, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { CancelButton } from './BackLink';
import { ReadOnlyWhen } from './trash/ReadOnlyWhen';

/**
 * The form that creates a record, with «Отмена» and its submit button. From sending until the new
 * record's card has opened it is read-only: sent, then created while the card's code may still be
 * arriving (a slow phone), whatever is typed into it meanwhile would go nowhere.
 */
export function CreateForm({
  onSubmit,
  sending,
  submitLabel,
  cancelTo,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Sent and not failed: under way, or created and opening. */
  sending: boolean;
  submitLabel: string;
  /** Where «Отмена» goes when there is no page to go back to. */
  cancelTo: string;
  children: ReactNode;
}) {
  return (
    <Paper component="form" onSubmit={onSubmit} noValidate withBorder p="md" radius="md">
      <ReadOnlyWhen readOnly={sending}>
        <Stack>
          {children}
          <Group justify="flex-end">
            <CancelButton fallback={cancelTo} />
            <Button type="submit" loading={sending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </ReadOnlyWhen>
    </Paper>
  );
}
