// Reading a CSV a spreadsheet saved (issue 51's catalogue import): `;` or `,` between fields
// (whichever the header line uses), quoted fields with "" for a quote and line breaks inside,
// CRLF or LF, and the byte-order mark Excel writes first.

/**
 * The rows of `text`, each a list of fields, numbered as a spreadsheet numbers them: blank rows
 * stay (as `['']`), only the empty end after the last line break goes.
 */
export function parseCsv(text: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const separator = firstLine.includes(';') || !firstLine.includes(',') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"' && field === '') {
      quoted = true;
    } else if (ch === separator) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += ch;
    }
  }
  row.push(field);
  if (row.length > 1 || field !== '') rows.push(row);
  return rows;
}
