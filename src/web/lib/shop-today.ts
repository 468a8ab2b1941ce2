import { useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { formatDateTimeIn } from '../../domain/date-time';
import { DEFAULT_SHOP_TIME_ZONE, todayIn } from '../../domain/due-marks';
import { serverNow } from './server-clock';
import { repairStagesQuery } from './repair-stages-query';
import { workRulesQuery } from './work-rules-query';

// One minute clock for the whole app: every badge on a long list reads it, none keeps a timer.
let now = serverNow();
const listeners = new Set<() => void>();
let timer: number | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    now = serverNow();
    timer = window.setInterval(() => {
      now = serverNow();
      for (const notify of listeners) notify();
    }, 60_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

const currentTime = () => now;

/**
 * Today's date in the shop's time zone («Настройки»; Москва until it is read), by the server's
 * clock if this device's is off, turning over at the shop's midnight even on a screen left open
 * overnight.
 */
export function useShopToday(): string {
  return useTodayIn(useQuery(workRulesQuery).data?.timeZone);
}

function useTodayIn(timeZone: string | undefined): string {
  const zone = timeZone || DEFAULT_SHOP_TIME_ZONE;
  const time = useSyncExternalStore(subscribe, currentTime);
  return useMemo(() => todayIn(zone, time), [zone, time]);
}

/** An instant's date as the shop's calendar has it («31.03.2026»), whatever this device's zone. */
export function useShopDate(): (iso: string) => string {
  const zone = useQuery(workRulesQuery).data?.timeZone || DEFAULT_SHOP_TIME_ZONE;
  return useMemo(() => (iso: string) => formatDateTimeIn(iso, zone).slice(0, 10), [zone]);
}

/**
 * The shop's rules and today's date together: what urgency marks need. A list reads them once
 * for all its rows (each row reading them cost two query subscriptions).
 */
export function useUrgencyContext() {
  const rules = useQuery(workRulesQuery).data;
  // The stages inside «В ремонте» (issue 49), for the rows' stage badges.
  const stages = useQuery(repairStagesQuery).data;
  const today = useTodayIn(rules?.timeZone);
  return useMemo(() => ({ rules, today, stages }), [rules, today, stages]);
}

export type UrgencyContext = ReturnType<typeof useUrgencyContext>;
