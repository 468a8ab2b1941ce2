// Draws the app's icons from one glyph (a clipboard with a tick) and writes them to
// src/web/public/icons. Run again only when the design changes: `npx tsx scripts/make-icons.ts`.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { THEME_COLOR } from '../src/domain/web-manifest';

const outDir = path.resolve(import.meta.dirname, '../src/web/public/icons');

/** The glyph in a 100×100 box, drawn in `color`. */
const glyph = (color: string) => `
  <rect x="24" y="18" width="52" height="66" rx="7" fill="none" stroke="${color}" stroke-width="7"/>
  <rect x="37" y="10" width="26" height="15" rx="4" fill="${color}"/>
  <polyline points="36,52 46,63 65,40" fill="none" stroke="${color}" stroke-width="8"
    stroke-linecap="round" stroke-linejoin="round"/>`;

/** `scale`: how much of the icon the glyph fills; maskable icons keep it in the safe zone. */
function svg({ background, rounded, scale }: { background: string | null; rounded: boolean; scale: number }) {
  const offset = (100 - 100 * scale) / 2;
  const backdrop = background
    ? `<rect width="100" height="100" rx="${rounded ? 22 : 0}" fill="${background}"/>`
    : '';
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
    ${backdrop}
    <g transform="translate(${offset} ${offset}) scale(${scale})">${glyph('#ffffff')}</g>
  </svg>`);
}

const icons: { file: string; size: number; art: Buffer }[] = [
  { file: 'icon-192.png', size: 192, art: svg({ background: THEME_COLOR, rounded: true, scale: 0.8 }) },
  { file: 'icon-512.png', size: 512, art: svg({ background: THEME_COLOR, rounded: true, scale: 0.8 }) },
  // Maskable: full-bleed colour, glyph inside the central 80 % circle the platform may crop to.
  { file: 'maskable-192.png', size: 192, art: svg({ background: THEME_COLOR, rounded: false, scale: 0.6 }) },
  { file: 'maskable-512.png', size: 512, art: svg({ background: THEME_COLOR, rounded: false, scale: 0.6 }) },
  // iOS home screen: square, the system rounds the corners.
  {
    file: 'apple-touch-icon.png',
    size: 180,
    art: svg({ background: THEME_COLOR, rounded: false, scale: 0.7 }),
  },
  // Android's status-bar badge: white on transparent, the system tints it.
  { file: 'badge-96.png', size: 96, art: svg({ background: null, rounded: false, scale: 0.9 }) },
  { file: 'favicon-32.png', size: 32, art: svg({ background: THEME_COLOR, rounded: true, scale: 0.85 }) },
];

fs.mkdirSync(outDir, { recursive: true });
for (const { file, size, art } of icons) {
  await sharp(art, { density: 72 * (size / 100) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, file));
  process.stdout.write(`${file} ${size}×${size}\n`);
}
