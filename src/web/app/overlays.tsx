import './full-styles';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { markOverlaysMounted } from '../lib/overlays-ready';

/**
 * Confirmation dialogs (@mantine/modals) and toasts (@mantine/notifications). Mounted
 * just after the first screen, from their own chunk: their code — dialogs, scroll locks,
 * focus traps, transitions — is not needed to show the login or the worklist, and on a
 * slow line every kilobyte there delays both (issue 17). With them comes Mantine's full
 * style sheet (the first screens need only app/critical-styles.ts). Toasts shown earlier wait in
 * their store; confirmations wait for `overlaysReady` (src/web/lib/confirm.ts).
 */
export default function Overlays() {
  useEffect(() => markOverlaysMounted(), []);
  return (
    <>
      <ModalsProvider labels={{ confirm: 'ОК', cancel: 'Отмена' }}>{null}</ModalsProvider>
      <Notifications position="top-center" />
    </>
  );
}
