import type { Kysely } from 'kysely';
import { LOW_STOCK_PUSH_ITEMS, lowStockMessage } from '../../domain/stock';
import type { PushMessage } from '../../domain/push-message';
import type { DB } from '../db/schema';
import { isLowStock, lowParts } from '../stock/parts.service';

/**
 * The morning push about stock (issue 51): when parts are at or below their minimum, each admin
 * (the one who orders) gets one push naming the emptiest; nothing when nothing runs out.
 */
export async function lowStockPushes(
  db: Kysely<DB>,
  appName: string,
): Promise<{ userId: number; message: PushMessage }[]> {
  const counted = await db
    .selectFrom('parts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(isLowStock)
    .executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  if (total === 0) return [];
  const message = lowStockMessage(appName, await lowParts(db, LOW_STOCK_PUSH_ITEMS), total);
  const admins = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .execute();
  return admins.map((admin) => ({ userId: admin.id, message }));
}
