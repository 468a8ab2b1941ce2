import type { Kysely } from 'kysely';
import { deviceKey, isDeviceKey } from '../../domain/device-key';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import type { RouteScopes } from '../http/route-scopes';
import { deviceHistory } from './device-history';

/**
 * A device's story by its serial / IMEI (issue 49): its page, and the intake form's «this
 * device was here». The serial may come as typed; it is keyed the same way tickets are.
 */
export function registerDevicesRoutes({ staff }: RouteScopes, { db }: { db: Kysely<DB> }) {
  staff.get<{ Params: { serial: string } }>('/api/devices/:serial', async (request) => {
    const key = deviceKey(request.params.serial);
    if (!isDeviceKey(key))
      throw new AppError('not_found', 'Укажите серийный номер или IMEI: хотя бы 4 знака');
    return deviceHistory(db, key);
  });
}
