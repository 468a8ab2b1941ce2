export const PROVIDERS = ['ozon', 'yandex', 'wb', 'cdek', 'pyaterochka'] as const;
export type Provider = (typeof PROVIDERS)[number];

// The spec's table writes 'Oзон' with a Latin O; we write it in Cyrillic so search and sorting work.
export const PROVIDER_LABELS: Record<Provider, string> = {
  ozon: 'Озон',
  yandex: 'Яндекс',
  wb: 'WB',
  cdek: 'СДЭК',
  pyaterochka: 'Пятерочка',
};

/** Badge colours (Mantine palette names), close to each service's own brand colour. */
export const PROVIDER_COLORS: Record<Provider, string> = {
  ozon: 'blue',
  yandex: 'yellow',
  wb: 'grape',
  cdek: 'green',
  pyaterochka: 'red',
};

export function isProvider(value: unknown): value is Provider {
  return typeof value === 'string' && (PROVIDERS as readonly string[]).includes(value);
}
