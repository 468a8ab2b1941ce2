// CSV for Russian Excel (issue 21): UTF-8 with a byte-order mark, `;` between fields, CRLF
// line ends, dates as dd.mm.yyyy — opened by a double click, Cyrillic and all.

export const CSV_BOM = '\uFEFF';

/**
 * One field. Quoted when it holds `;`, a quote or a line break. A value a spreadsheet would
 * run as a formula (`=`, `@`, or `+`/`-` before something other than a digit: «-» and phone
 * numbers stay as they are) gets a leading apostrophe, which Excel shows as text.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=@\t\r]/.test(text) || /^[+-][^\d\s]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(';')}\r\n`;
}
