import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The PDF's text as a reader would copy it, by Debian's poppler-utils (`pdftotext`, which
 * .ci/run installs): proof the Cyrillic is real text in an embedded font, not pictures.
 */
export function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function pdfPageSize(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, bytes);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return /Page size:\s+(.+?) pts/.exec(info)?.[1] ?? '';
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
