import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/dialect-name';
import { phoneKey } from '../../domain/phone';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { toClientDto } from './client-dto';
import { clientsWithPhoneKey } from './clients.repository';

export const SAME_PHONE_MESSAGE =
  'Клиент с этим телефоном уже есть в справочнике: выберите его или подтвердите, что это другой человек';

/**
 * One client per person (issue 49): a new client whose phone (however typed) is already in the
 * directory is refused with 409 and those clients (`samePhone`), unless the person confirmed it is
 * someone else (`despiteSamePhone`: a family sharing one number). Checked in the creating
 * transaction, so the hint the form showed cannot be skipped by pressing «Создать» anyway.
 */
export async function refuseSamePhone(
  trx: Kysely<DB>,
  dialect: DialectName,
  phone: string,
  despiteSamePhone: boolean,
) {
  const key = phoneKey(phone);
  if (!key || despiteSamePhone) return;
  // Two forms sending the same new phone at once: on PostgreSQL the second waits for the first
  // to commit and then sees its client (SQLite runs one write transaction at a time).
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext(${`phone:${key}`}))`.execute(trx);
  const found = await clientsWithPhoneKey(trx, key, 5);
  if (found.length > 0) {
    throw new AppError('conflict', SAME_PHONE_MESSAGE, { extra: { samePhone: found.map(toClientDto) } });
  }
}
