/**
 * Photos from a phone camera are 12–50 megapixels and 3–10 MB; a ticket needs to show
 * a scratch or read a serial number, for which 2560 px on the long side is plenty. So a
 * JPEG or WebP photo larger than that is scaled down in the browser before it is sent
 * (issue 17): a quarter of the bytes over a slow line. Anything else — PNG screenshots,
 * HEIC the browser cannot decode, small photos — goes as it is, and so does a photo
 * whose smaller version would not be smaller.
 */
export const PHOTO_MAX_SIDE = 2560;
const QUALITY = 0.85;
const SCALABLE = new Set(['image/jpeg', 'image/webp']);

export function targetSize(width: number, height: number, maxSide = PHOTO_MAX_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale), scale };
}

export async function downscalePhoto(file: File, maxSide = PHOTO_MAX_SIDE): Promise<File> {
  if (!SCALABLE.has(file.type) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    // 'from-image' turns the picture upright by its EXIF orientation, which the canvas drops.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = targetSize(bitmap.width, bitmap.height, maxSide);
    if (size.scale >= 1) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
    if (!blob || blob.size >= file.size) return file;
    const name = file.name.replace(/\.(jpe?g|webp)$/i, '') + '.jpg';
    return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

/** Every photo that can be made smaller, in the order picked; one at a time, so a phone holds one decoded photo. */
export async function downscalePhotos(files: readonly File[]): Promise<File[]> {
  const result: File[] = [];
  for (const file of files) result.push(await downscalePhoto(file));
  return result;
}
