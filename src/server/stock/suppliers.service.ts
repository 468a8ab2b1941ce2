import type { Kysely } from 'kysely';
import {
  STALE_SUPPLIER,
  SUPPLIER_NAME_TAKEN,
  SUPPLIER_NOT_FOUND,
  type SupplierDto,
} from '../../domain/stock';
import type { supplierInput, supplierPatch } from '../../domain/stock-schemas';
import type { z } from '../../domain/zod-ru';
import type { Clock } from '../clock';
import { namedDirectory } from '../db/named-directory';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';

/**
 * Suppliers (issue 51): a short directory goods are received from. A receipt keeps the name it
 * was received under, so a supplier can be renamed or deleted at any time.
 */
export function createSuppliers({ db, clock, events }: { db: Kysely<DB>; clock: Clock; events: EventBus }) {
  const changed = () => events.publish({ entity: 'stock', id: null, op: 'update' });
  const directory = namedDirectory(
    db,
    clock,
    'suppliers',
    {
      notFound: SUPPLIER_NOT_FOUND,
      stale: STALE_SUPPLIER,
      nameTaken: SUPPLIER_NAME_TAKEN,
      conflictKey: 'supplier',
    },
    changed,
  );

  return {
    list: (): Promise<SupplierDto[]> => directory.list(),
    create: (input: z.output<typeof supplierInput>): Promise<SupplierDto> => directory.create(input),
    update: (id: number, patch: z.output<typeof supplierPatch>): Promise<SupplierDto> =>
      directory.update(id, patch),

    async remove(id: number): Promise<void> {
      const result = await db.deleteFrom('suppliers').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new AppError('not_found', SUPPLIER_NOT_FOUND);
      changed();
    },
  };
}

export type Suppliers = ReturnType<typeof createSuppliers>;
