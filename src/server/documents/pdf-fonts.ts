import { createRequire } from 'node:module';
import path from 'node:path';

// DejaVu from npm (dejavu-fonts-ttf): free, full Cyrillic, and pdfkit embeds only the glyphs
// a document uses, so a receipt stays a few dozen kilobytes. Resolved through the package, so
// it works wherever npm put it (docs/decisions/014-printed-documents.md).
const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export const PDF_FONTS = {
  regular: path.join(fontDir, 'DejaVuSans.ttf'),
  bold: path.join(fontDir, 'DejaVuSans-Bold.ttf'),
} as const;
