import { modals } from '@mantine/modals';
import { overlaysReady, requestOverlays } from './overlays-ready';

type ConfirmProps = Parameters<typeof modals.openConfirmModal>[0];

let pending: ConfirmProps | null = null;

/**
 * Opens a confirmation dialog. The dialogs are mounted a moment after the page starts
 * (app/overlays.tsx); a tap before that mounts them at once and opens the dialog as soon
 * as they are — only the last one asked for, so two quick taps on «Удалить» cannot stack
 * two dialogs (and run the deletion twice).
 */
export function confirmModal(props: ConfirmProps) {
  const first = pending === null;
  pending = props;
  requestOverlays();
  if (!first) return;
  void overlaysReady.then(() => {
    const latest = pending;
    pending = null;
    if (latest) modals.openConfirmModal(latest);
  });
}
