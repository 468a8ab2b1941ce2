import type { Kysely, Selectable } from 'kysely';
import type { ServiceDto } from '../../domain/money';
import {
  SERVICE_NAME_TAKEN,
  SERVICE_NOT_FOUND,
  STALE_SERVICE,
  type serviceInput,
  type servicePatch,
} from '../../domain/money-schemas';
import type { z } from '../../domain/zod-ru';
import { type Clock, isoNow } from '../clock';
import type { DB, ServicesTable } from '../db/schema';
import { updateNamedRow } from '../db/named-row-update';
import { refuseTakenName } from '../db/taken-name';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';

function toDto(row: Selectable<ServicesTable>): ServiceDto {
  return {
    id: row.id,
    name: row.name,
    price: Number(row.price),
    warrantyDays: row.warranty_days,
    version: row.version,
  };
}

/**
 * The shop's catalogue of services (issue 50): a name, a price and a warranty a work line starts
 * from. Lines keep their own copy, so admins change and delete services freely.
 */
export function createServices({ db, clock, events }: { db: Kysely<DB>; clock: Clock; events: EventBus }) {
  const changed = () => events.publish({ entity: 'settings', id: null, op: 'update' });

  const uniqueName = (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError('conflict', SERVICE_NAME_TAKEN);
    throw error;
  };

  return {
    async list(): Promise<ServiceDto[]> {
      const rows = await db.selectFrom('services').selectAll().orderBy('name').execute();
      return rows.map(toDto);
    },

    async create(input: z.output<typeof serviceInput>): Promise<ServiceDto> {
      await refuseTakenName(db, 'services', input.name, SERVICE_NAME_TAKEN);
      const now = isoNow(clock);
      const row = await db
        .insertInto('services')
        .values({
          name: input.name,
          price: input.price,
          warranty_days: input.warrantyDays,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(uniqueName);
      changed();
      return toDto(row);
    },

    async update(id: number, patch: z.output<typeof servicePatch>): Promise<ServiceDto> {
      const updated = await updateNamedRow<Selectable<ServicesTable>>(
        db,
        clock,
        { table: 'services', id, version: patch.version, name: patch.name },
        {
          ...(patch.name === undefined ? {} : { name: patch.name }),
          ...(patch.price === undefined ? {} : { price: patch.price }),
          ...(patch.warrantyDays === undefined ? {} : { warranty_days: patch.warrantyDays }),
        },
        {
          notFound: SERVICE_NOT_FOUND,
          stale: STALE_SERVICE,
          nameTaken: SERVICE_NAME_TAKEN,
          conflictKey: 'service',
          toDto,
        },
      );
      changed();
      return toDto(updated);
    },

    async remove(id: number): Promise<void> {
      const result = await db.deleteFrom('services').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new AppError('not_found', SERVICE_NOT_FOUND);
      changed();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
