import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create, type Font } from 'fontkit';

// DejaVu from npm (dejavu-fonts-ttf): free, full Cyrillic, and pdfkit embeds only the glyphs
// a document uses, so a receipt stays a few dozen kilobytes. Resolved through the package, so
// it works wherever npm put it (docs/decisions/014-printed-documents.md).
const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export const PDF_FONT_FILES = {
  regular: path.join(fontDir, 'DejaVuSans.ttf'),
  bold: path.join(fontDir, 'DejaVuSans-Bold.ttf'),
} as const;

let parsed: Record<keyof typeof PDF_FONT_FILES, Font> | undefined;

/**
 * The fonts read and parsed once a process, at the first document: given a path, pdfkit reads and
 * parses the file again for every document (a receipt 109 ms median, 19 ms with the fonts kept;
 * the server's RSS stayed higher after printing). A parsed font is shared safely: each document
 * makes a subset of its own from it.
 */
export function pdfFonts(): Record<keyof typeof PDF_FONT_FILES, Font> {
  parsed ??= {
    regular: create(fs.readFileSync(PDF_FONT_FILES.regular)) as Font,
    bold: create(fs.readFileSync(PDF_FONT_FILES.bold)) as Font,
  };
  return parsed;
}
