// The device a ticket follows (issue 18): typed at intake, shown on the card, the rows and the
// printed documents, and searched by every list. One list, so the schemas, the server's columns
// and history, and the forms cannot disagree about which fields there are.

export const DEVICE_FIELDS = [
  { key: 'device', column: 'device', label: 'Устройство', max: 200, multiLine: false, action: 'edit_device' },
  {
    key: 'serialNumber',
    column: 'serial_number',
    label: 'Серийный номер / IMEI',
    max: 100,
    multiLine: false,
    action: 'edit_serial_number',
  },
  { key: 'kit', column: 'kit', label: 'Комплектация', max: 1000, multiLine: true, action: 'edit_kit' },
  {
    key: 'condition',
    column: 'device_condition',
    label: 'Внешний вид и состояние',
    max: 1000,
    multiLine: true,
    action: 'edit_condition',
  },
  {
    key: 'complaint',
    column: 'complaint',
    label: 'Неисправность со слов клиента',
    max: 2000,
    multiLine: true,
    action: 'edit_complaint',
  },
  {
    key: 'warrantyCard',
    column: 'warranty_card',
    label: '№ гарантийного талона',
    max: 100,
    multiLine: false,
    action: 'edit_warranty_card',
  },
] as const;

export type DeviceField = (typeof DEVICE_FIELDS)[number];
export type DeviceFieldKey = DeviceField['key'];
export type DeviceFieldColumn = DeviceField['column'];
export type DeviceValues = Record<DeviceFieldKey, string>;

export const DEVICE_FIELD_KEYS = DEVICE_FIELDS.map((field) => field.key);

export const EMPTY_DEVICE: DeviceValues = {
  device: '',
  serialNumber: '',
  kit: '',
  condition: '',
  complaint: '',
  warrantyCard: '',
};

/** Only the device fields of a larger object (a form's values, a ticket). */
export function pickDevice(values: DeviceValues): DeviceValues {
  const device = { ...EMPTY_DEVICE };
  for (const key of DEVICE_FIELD_KEYS) device[key] = values[key];
  return device;
}

/** What search reads of a ticket's device: the model, the serial and the warranty number. */
export function deviceSearchText(
  values: Pick<DeviceValues, 'device' | 'serialNumber' | 'warrantyCard'>,
): string {
  return [values.device, values.serialNumber, values.warrantyCard].filter(Boolean).join(' ');
}
