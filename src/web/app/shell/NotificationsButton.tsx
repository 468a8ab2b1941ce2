import { ActionIcon, Button } from '@mantine/core';
import { useEffect, useState } from 'react';
import { BellIcon } from '../../components/BellIcon';
import { enablePush, notificationsAvailable, PUSH_ALERTS, pushMessage, resyncPush } from '../../lib/push';
import { toast } from '../../lib/toast';

/**
 * The notification-enable button of the top navigation (spec §2, §7, §8). Shown where the
 * browser has notifications; says «включены» once this device gets them.
 */
export function NotificationsButton() {
  const [enabled, setEnabled] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void resyncPush().then((on) => live && setEnabled(on));
    return () => {
      live = false;
    };
  }, []);

  if (!notificationsAvailable()) return null;

  const enable = async () => {
    setBusy(true);
    const outcome = await enablePush();
    setBusy(false);
    if (outcome === 'enabled') {
      setEnabled(true);
      toast.success(PUSH_ALERTS.enabled);
    } else {
      toast.error(pushMessage(outcome));
    }
  };

  const label = enabled ? 'Уведомления включены' : 'Включить уведомления';
  const icon = (
    <ActionIcon
      size="lg"
      variant={enabled ? 'light' : 'default'}
      loading={busy}
      onClick={() => void enable()}
      aria-label={label}
      title={label}
    >
      <BellIcon filled={enabled} />
    </ActionIcon>
  );
  // On a phone, and once notifications are on, the bell alone; on a wide screen, a
  // worded button until they are.
  if (enabled) return icon;
  return (
    <>
      <Button
        visibleFrom="lg"
        size="xs"
        variant="default"
        leftSection={<BellIcon size={16} />}
        loading={busy}
        onClick={() => void enable()}
        aria-label={label}
      >
        Уведомления
      </Button>
      <ActionIcon
        hiddenFrom="lg"
        size="lg"
        variant="default"
        loading={busy}
        onClick={() => void enable()}
        aria-label={label}
      >
        <BellIcon />
      </ActionIcon>
    </>
  );
}
