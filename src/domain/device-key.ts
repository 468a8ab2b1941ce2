// A device is known by its serial number / IMEI (issue 49): the same device typed as
// «sn 1234-ab», «SN1234AB» or «1234 AB» is one device. Kept free of zod.

/** Shorter keys match too much to say «this device was here». */
export const DEVICE_KEY_MIN = 4;

/** The serial as a key: letters and digits only, upper case. */
export function deviceKey(serial: string): string {
  return serial
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^0-9A-ZА-ЯЁ]/g, '');
}

export function isDeviceKey(key: string): boolean {
  return key.length >= DEVICE_KEY_MIN && key.length <= 100 && deviceKey(key) === key;
}

/** One ticket in a device's story, newest first on its page. */
export interface DeviceTicketDto {
  id: number;
  title: string;
  status: string;
  intake: string;
  device: string;
  serialNumber: string;
  repairSummary: string;
  clientId: number | null;
  clientName: string;
  createdAt: string;
  closedAt: string | null;
  warrantyDays: number | null;
}

export interface DeviceHistoryDto {
  key: string;
  tickets: DeviceTicketDto[];
}
