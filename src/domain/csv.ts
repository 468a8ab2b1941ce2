// CSV for Russian Excel (issue 21): UTF-8 with a byte-order mark, `;` between fields, CRLF
// line ends, dates as dd.mm.yyyy — opened by a double click, Cyrillic and all.

export const CSV_BOM = '\uFEFF';

/**
 * One field. Quoted when it holds `;`, a quote or a line break — or a comma or a tab, where a
 * spreadsheet set to split on those would find a formula inside it. A value a spreadsheet would
 * read as a formula — starting with `=`, `@`, `+`, `-`, a tab or a carriage return — gets a
 * leading apostrophe, which Excel shows as text, unless the whole value is a number or a phone
 * (`+7 (912) 345-67-89`, `-5`) or a lone dash: `-1*0+WEBSERVICE(…)` starts with a digit too.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=@+\-\t\r]/.test(text) && !PLAIN_VALUE.test(text)) text = `'${text}`;
  return /[;,"\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A number, a phone number as people type one, or a dash alone: nothing a spreadsheet runs. */
const PLAIN_VALUE = /^(?:-|[+-]?\d+(?:[.,]\d+)?|\+?[\d(][\d\s()-]*)$/;

export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(';')}\r\n`;
}
