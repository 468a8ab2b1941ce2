import { isTimeZone } from './date-time';
import { DEFAULT_SHOP_TIME_ZONE } from './due-marks';
import { baseVersionSchema } from './edit-versions';
import { DEFAULT_REMINDER_TIME, REMINDER_TIME_PATTERN } from './reminders';
import { LIMITED_STATUSES, limitField, MAX_LIMIT_DAYS, type LimitField } from './status-limits';
import { z } from './zod-ru';

// How the shop judges what is urgent (issue 20), set by admins in «Настройки».

export const SHOP_TIME_ZONES = [
  { value: 'Europe/Kaliningrad', label: 'Калининград (UTC+2)' },
  { value: 'Europe/Moscow', label: 'Москва (UTC+3)' },
  { value: 'Europe/Samara', label: 'Самара (UTC+4)' },
  { value: 'Asia/Yekaterinburg', label: 'Екатеринбург (UTC+5)' },
  { value: 'Asia/Omsk', label: 'Омск (UTC+6)' },
  { value: 'Asia/Novosibirsk', label: 'Новосибирск (UTC+7)' },
  { value: 'Asia/Krasnoyarsk', label: 'Красноярск (UTC+7)' },
  { value: 'Asia/Irkutsk', label: 'Иркутск (UTC+8)' },
  { value: 'Asia/Yakutsk', label: 'Якутск (UTC+9)' },
  { value: 'Asia/Vladivostok', label: 'Владивосток (UTC+10)' },
  { value: 'Asia/Magadan', label: 'Магадан (UTC+11)' },
  { value: 'Asia/Kamchatka', label: 'Камчатка (UTC+12)' },
] as const;

export type WorkRulesValues = { timeZone: string; reminderTime: string } & Record<LimitField, string>;

export function isShopTimeZone(value: string): boolean {
  return SHOP_TIME_ZONES.some((zone) => zone.value === value) && isTimeZone(value);
}

export const DEFAULT_WORK_RULES: WorkRulesValues = {
  timeZone: DEFAULT_SHOP_TIME_ZONE,
  reminderTime: DEFAULT_REMINDER_TIME,
  // No limits until an admin sets them: a limit the shop did not choose would only be noise.
  ...(Object.fromEntries(LIMITED_STATUSES.map((status) => [limitField(status), ''])) as Record<
    LimitField,
    string
  >),
};

const limitText = z
  .string({ error: `Срок в статусе: целое число дней от 1 до ${MAX_LIMIT_DAYS} или пусто` })
  .trim()
  .refine(
    (value) =>
      value === '' || (/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_LIMIT_DAYS),
    `Срок в статусе: целое число дней от 1 до ${MAX_LIMIT_DAYS} или пусто`,
  );

const REMINDER_TIME_ERROR = 'Время напоминаний: часы и минуты, например 09:00';

export const workRulesInput = z.strictObject({
  version: baseVersionSchema,
  timeZone: z
    .string({ error: 'Выберите часовой пояс' })
    .max(64, 'Выберите часовой пояс из списка')
    // Only the list's zones: Russian zones keep midnight every day, which the date rules count on.
    .refine(isShopTimeZone, 'Выберите часовой пояс из списка'),
  reminderTime: z
    .string({ error: REMINDER_TIME_ERROR })
    .trim()
    .regex(REMINDER_TIME_PATTERN, REMINDER_TIME_ERROR),
  // Every limit goes with every save: a missing one is refused, never quietly cleared.
  ...(Object.fromEntries(LIMITED_STATUSES.map((status) => [limitField(status), limitText])) as Record<
    LimitField,
    typeof limitText
  >),
});
export type WorkRulesInput = z.input<typeof workRulesInput>;

export type WorkRulesDto = WorkRulesValues & {
  version: number;
  updatedAt: string | null;
  updatedByName: string;
};
