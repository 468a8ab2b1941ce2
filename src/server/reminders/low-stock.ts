import type { Kysely } from 'kysely';
import { LOW_STOCK_PUSH_ITEMS, lowStockMessage } from '../../domain/stock';
import type { PushMessage } from '../../domain/push-message';
import type { DB } from '../db/schema';
import { isLowStock, lowParts } from '../stock/parts.service';
import { OWNER } from '../../domain/roles';

/**
 * The morning push about stock (issue 51): when parts are at or below their minimum, each person
 * who keeps the stock (who orders) gets one push naming the emptiest; nothing when nothing runs out.
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
  // Whoever keeps the stock: the owner, and every role allowed «Склад» (issue 52).
  const keepers = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('role', '=', OWNER),
        eb(
          'role',
          'in',
          eb.selectFrom('role_permissions').select('role').where('permission', '=', 'stock.manage'),
        ),
      ]),
    )
    .where('disabled_at', 'is', null)
    .execute();
  return keepers.map((keeper) => ({ userId: keeper.id, message }));
}
