import { countRu } from '../../../domain/plural';
import type { RecordKind } from '../../../domain/records';

/** Said before «Удалить навсегда»: what goes, and that it cannot be undone. */
export const FOREVER_WARNINGS: Record<RecordKind, string> = {
  ticket: 'Заявка исчезнет вместе с историей, файлами и фото. Это нельзя отменить.',
  task: 'Задача исчезнет вместе с историей и фото. Это нельзя отменить.',
  client:
    'Клиент исчезнет из справочника вместе с историей. Заявки и задачи останутся с его именем. Это нельзя отменить.',
};

/** Said by the spec's «Удалить …?» confirmations: where it goes and for how long. */
export function trashNotice(days: number): string {
  return `Запись попадёт в корзину: её можно восстановить в течение ${countRu(days, ['дня', 'дней', 'дней'])}.`;
}
