import fsp from 'node:fs/promises';
import os from 'node:os';
import sharp from 'sharp';
import { WorkQueue } from './work-queue';

/**
 * Pixels an uploaded image may declare: 100 megapixels covers phone cameras up to
 * 108 MP. A few kilobytes of PNG can declare 16000×16000 and cost seconds of CPU and
 * a gigabyte to decode; such a file is refused from its header, before decoding.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;

// One libvips thread per image and no cache of decoded images: the queue below
// decides how many cores image work may take, and memory is returned at once.
sharp.concurrency(1);
sharp.cache(false);

/** Decodes wait here: half the cores at most, so requests keep a core to run on. */
export const imageWork = new WorkQueue(Math.max(1, Math.floor(os.availableParallelism() / 2)));

export interface Inspection {
  /** The type proven by the bytes; application/octet-stream when nothing is proven. */
  mime: string;
  isImage: boolean;
  /** An image whose header declares more than MAX_IMAGE_PIXELS: never decoded. */
  tooManyPixels?: boolean;
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
    // Reads the header only: cheap whatever the image declares.
    const { format, width = 0, height = 0 } = await sharp(file, { limitInputPixels: false }).metadata();
    const mime = format ? IMAGE_FORMATS[format] : undefined;
    if (mime && width * height > MAX_IMAGE_PIXELS) {
      // Kept, if at all, as a download: no browser should be asked to show it either.
      return { mime: 'application/octet-stream', isImage: false, tooManyPixels: true };
    }
    if (mime) return { mime, isImage: true };
  } catch {
    // not an image sharp can read
  }
  if (await startsWith(file, '%PDF-')) return { mime: 'application/pdf', isImage: false };
  return { mime: 'application/octet-stream', isImage: false };
}

/** A small preview for lists, rotated as the camera meant it. */
export async function makeThumbnail(source: string, target: string): Promise<void> {
  await imageWork.run(async () => {
    await sharp(source, { animated: false, limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(320, 320, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toFile(target);
  });
}
