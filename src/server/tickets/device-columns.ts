import type { Updateable } from 'kysely';
import { DEVICE_FIELDS, type DeviceValues } from '../../domain/device-fields';
import type { TicketsTable } from '../db/schema';
import { deviceKey } from '../../domain/device-key';
import { fieldChange, type HistoryChange } from '../history/history-writer';

type DeviceRow = Pick<TicketsTable, (typeof DEVICE_FIELDS)[number]['column']>;

/** A ticket row's device, as the API carries it. */
export function deviceFromRow(row: { [K in keyof DeviceRow]: string }): DeviceValues {
  const values = {} as DeviceValues;
  for (const field of DEVICE_FIELDS) values[field.key] = row[field.column];
  return values;
}

/** The columns for a new ticket's device. */
export function deviceColumns(values: DeviceValues): Updateable<TicketsTable> {
  const columns: Updateable<TicketsTable> = {};
  for (const field of DEVICE_FIELDS) columns[field.column] = values[field.key];
  columns.serial_key = deviceKey(values.serialNumber);
  return columns;
}

/** The column changes and history rows (value before and after) for the device fields an edit sends. */
export function describeDeviceEdit(
  row: { [K in keyof DeviceRow]: string },
  patch: Partial<DeviceValues>,
): { columns: Updateable<TicketsTable>; history: HistoryChange[] } {
  const columns: Updateable<TicketsTable> = {};
  const history: HistoryChange[] = [];
  for (const field of DEVICE_FIELDS) {
    const next = patch[field.key];
    if (next === undefined) continue;
    columns[field.column] = next;
    if (field.key === 'serialNumber') columns.serial_key = deviceKey(next);
    history.push(...fieldChange(field.action, row[field.column], next));
  }
  return { columns, history };
}
