import type { Kysely, Selectable } from 'kysely';
import {
  STALE_SUPPLIER,
  SUPPLIER_NAME_TAKEN,
  SUPPLIER_NOT_FOUND,
  type SupplierDto,
} from '../../domain/stock';
import type { supplierInput, supplierPatch } from '../../domain/stock-schemas';
import type { z } from '../../domain/zod-ru';
import { type Clock, isoNow } from '../clock';
import { updateNamedRow } from '../db/named-row-update';
import type { DB, SuppliersTable } from '../db/schema';
import { refuseTakenName } from '../db/taken-name';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';

function toDto(row: Selectable<SuppliersTable>): SupplierDto {
  return { id: row.id, name: row.name, details: row.details, version: row.version };
}

/**
 * Suppliers (issue 51): a short directory goods are received from. A receipt keeps the name it
 * was received under, so a supplier can be renamed or deleted at any time.
 */
export function createSuppliers({ db, clock, events }: { db: Kysely<DB>; clock: Clock; events: EventBus }) {
  const changed = () => events.publish({ entity: 'stock', id: null, op: 'update' });

  return {
    async list(): Promise<SupplierDto[]> {
      const rows = await db.selectFrom('suppliers').selectAll().orderBy('name').execute();
      return rows.map(toDto);
    },

    async create(input: z.output<typeof supplierInput>): Promise<SupplierDto> {
      await refuseTakenName(db, 'suppliers', input.name, SUPPLIER_NAME_TAKEN);
      const now = isoNow(clock);
      const row = await db
        .insertInto('suppliers')
        .values({ name: input.name, details: input.details, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new AppError('conflict', SUPPLIER_NAME_TAKEN);
          throw error;
        });
      changed();
      return toDto(row);
    },

    async update(id: number, patch: z.output<typeof supplierPatch>): Promise<SupplierDto> {
      const updated = await updateNamedRow<Selectable<SuppliersTable>>(
        db,
        clock,
        { table: 'suppliers', id, version: patch.version, name: patch.name },
        {
          ...(patch.name === undefined ? {} : { name: patch.name }),
          ...(patch.details === undefined ? {} : { details: patch.details }),
        },
        {
          notFound: SUPPLIER_NOT_FOUND,
          stale: STALE_SUPPLIER,
          nameTaken: SUPPLIER_NAME_TAKEN,
          conflictKey: 'supplier',
          toDto,
        },
      );
      changed();
      return toDto(updated);
    },

    async remove(id: number): Promise<void> {
      const result = await db.deleteFrom('suppliers').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new AppError('not_found', SUPPLIER_NOT_FOUND);
      changed();
    },
  };
}

export type Suppliers = ReturnType<typeof createSuppliers>;
