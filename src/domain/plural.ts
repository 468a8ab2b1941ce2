/** The Russian word form for a count: 1 день, 2 дня, 5 дней, 11 дней, 21 день. */
export function pluralRu(count: number, forms: readonly [one: string, few: string, many: string]): string {
  const n = Math.abs(count) % 100;
  const last = n % 10;
  if (n >= 11 && n <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** «30 дней», «1 заявка»: the count with its word. */
export function countRu(count: number, forms: readonly [string, string, string]): string {
  return `${count} ${pluralRu(count, forms)}`;
}
