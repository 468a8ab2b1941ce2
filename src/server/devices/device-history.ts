import type { Kysely } from 'kysely';
import type { DeviceHistoryDto } from '../../domain/device-key';
import type { DB } from '../db/schema';
import { notInTrash } from '../db/not-in-trash';

/** A device's tickets shown at once; a device back more often than this is the shop's own. */
export const DEVICE_TICKETS_MAX = 100;

/** Every live ticket of the device with this key, newest first: one index range. */
export async function deviceHistory(db: Kysely<DB>, key: string): Promise<DeviceHistoryDto> {
  const rows = await db
    .selectFrom('tickets')
    .select([
      'id',
      'title',
      'status',
      'intake',
      'device',
      'serial_number',
      'repair_summary',
      'client_id',
      'client_name',
      'created_at',
      'closed_at',
      'warranty_days',
    ])
    .where('serial_key', '=', key)
    .where(notInTrash('tickets.deleted_at'))
    .orderBy('id', 'desc')
    .limit(DEVICE_TICKETS_MAX)
    .execute();
  return {
    key,
    tickets: rows.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      intake: row.intake,
      device: row.device,
      serialNumber: row.serial_number,
      repairSummary: row.repair_summary,
      clientId: row.client_id,
      clientName: row.client_name,
      createdAt: row.created_at,
      closedAt: row.closed_at,
      warrantyDays: row.warranty_days,
    })),
  };
}
