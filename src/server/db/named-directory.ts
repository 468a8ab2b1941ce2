import type { Kysely } from 'kysely';
import { type Clock, isoNow } from '../clock';
import { AppError } from '../errors';
import { updateNamedRow, type NamedRowMessages } from './named-row-update';
import type { DB } from './schema';
import { refuseTakenName } from './taken-name';
import { isUniqueViolation } from './unique-violation';

/** An entry of a short directory: a name unique in any case, and free text (requisites, contacts). */
export interface DirectoryEntry {
  id: number;
  name: string;
  details: string;
  version: number;
}

/**
 * Listing, adding and changing the entries of a short directory (payers, suppliers), each named
 * once whatever its letters' case; each directory says itself what may be deleted.
 */
export function namedDirectory(
  db: Kysely<DB>,
  clock: Clock,
  table: 'payers' | 'suppliers',
  messages: NamedRowMessages & { conflictKey: string },
  changed: () => void,
) {
  const toDto = (row: DirectoryEntry): DirectoryEntry => ({
    id: row.id,
    name: row.name,
    details: row.details,
    version: row.version,
  });
  return {
    async list(): Promise<DirectoryEntry[]> {
      const rows = await db
        .selectFrom(table)
        .select(['id', 'name', 'details', 'version'])
        .orderBy('name')
        .execute();
      return rows.map(toDto);
    },

    async create(input: { name: string; details: string }): Promise<DirectoryEntry> {
      await refuseTakenName(db, table, input.name, messages.nameTaken);
      const now = isoNow(clock);
      const row = await db
        .insertInto(table)
        .values({ name: input.name, details: input.details, created_at: now, updated_at: now })
        .returning(['id', 'name', 'details', 'version'])
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new AppError('conflict', messages.nameTaken);
          throw error;
        });
      changed();
      return toDto(row);
    },

    async update(
      id: number,
      patch: { version: number; name?: string | undefined; details?: string | undefined },
    ): Promise<DirectoryEntry> {
      const updated = await updateNamedRow<DirectoryEntry>(
        db,
        clock,
        { table, id, version: patch.version, name: patch.name },
        {
          ...(patch.name === undefined ? {} : { name: patch.name }),
          ...(patch.details === undefined ? {} : { details: patch.details }),
        },
        { ...messages, toDto },
      );
      changed();
      return toDto(updated);
    },
  };
}
