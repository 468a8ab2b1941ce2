import fsp from 'node:fs/promises';
import sharp from 'sharp';

export interface Inspection {
  /** The type proven by the bytes; application/octet-stream when nothing is proven. */
  mime: string;
  isImage: boolean;
}

const IMAGE_FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  heif: 'image/heif',
  tiff: 'image/tiff',
};

async function startsWith(file: string, signature: string): Promise<boolean> {
  const handle = await fsp.open(file, 'r');
  try {
    const buffer = Buffer.alloc(signature.length);
    await handle.read(buffer, 0, signature.length, 0);
    return buffer.toString('latin1') === signature;
  } finally {
    await handle.close();
  }
}

/**
 * What a received file really is, judged by its bytes, never by its name or the
 * browser's word: an image only if sharp can decode its header, a PDF by signature.
 */
export async function inspectFile(file: string): Promise<Inspection> {
  try {
    const { format } = await sharp(file).metadata();
    const mime = format ? IMAGE_FORMATS[format] : undefined;
    if (mime) return { mime, isImage: true };
  } catch {
    // not an image sharp can read
  }
  if (await startsWith(file, '%PDF-')) return { mime: 'application/pdf', isImage: false };
  return { mime: 'application/octet-stream', isImage: false };
}

/** A small preview for lists, rotated as the camera meant it. */
export async function makeThumbnail(source: string, target: string): Promise<void> {
  await sharp(source, { animated: false })
    .rotate()
    .resize(320, 320, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toFile(target);
}
