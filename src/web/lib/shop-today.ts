import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DEFAULT_SHOP_TIME_ZONE, todayIn } from '../../domain/due-marks';
import { workRulesQuery } from './work-rules-query';

/**
 * Today's date in the shop's time zone («Настройки»; Москва until it is read), turning over
 * at the shop's midnight even on a screen left open overnight.
 */
export function useShopToday(): string {
  const timeZone = useQuery(workRulesQuery).data?.timeZone ?? DEFAULT_SHOP_TIME_ZONE;
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return todayIn(timeZone, now);
}
