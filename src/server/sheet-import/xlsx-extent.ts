import zlib from 'node:zlib';

/**
 * The furthest row and column any worksheet of an .xlsx names, read from the zip without building
 * the sheet: a workbook of a few kilobytes can name cell XFD60000, and a reader that builds the
 * sheet as a table then needs gigabytes. Null when the file is not a zip it can read.
 */
export function xlsxExtent(bytes: Buffer, maxXmlBytes: number): { rows: number; columns: number } | null {
  // The end of the central directory: its signature within the last 64 KB (a comment may follow).
  const floor = Math.max(0, bytes.length - 65_557);
  let end = -1;
  for (let i = bytes.length - 22; i >= floor; i -= 1) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end === -1) return null;
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let rows = 0;
  let columns = 0;
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extra + comment;
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(name)) continue;
    if (size > maxXmlBytes) return { rows: Infinity, columns: Infinity };
    if (local + 30 > bytes.length) return null;
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + compressed);
    let xml: string;
    try {
      xml = (method === 0 ? data : zlib.inflateRawSync(data, { maxOutputLength: maxXmlBytes })).toString(
        'utf8',
      );
    } catch {
      return null;
    }
    for (const match of xml.matchAll(/<c [^>]*?r="([A-Z]{1,3})(\d{1,7})"/g)) {
      const letters = match[1]!;
      let column = 0;
      for (const ch of letters) column = column * 26 + (ch.charCodeAt(0) - 64);
      columns = Math.max(columns, column);
      rows = Math.max(rows, Number(match[2]));
    }
  }
  return { rows, columns };
}
