import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Clock } from '../clock';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import type { FileStore } from '../files/file-store';
import { imageWork } from '../files/inspect-file';
import { discardTemps, type ReceivedFile } from '../files/receive-uploads';
import { readSetting, writeSetting } from './settings.repository';

const KEY = 'shop_logo';
/** Printed at most 110×56 pt on A4: this is sharp at 300 dpi and small on disk. */
const MAX_WIDTH = 900;
const MAX_HEIGHT = 460;

export const LOGO_URL = '/api/settings/shop/logo';

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * The shop's optional logo for the printed papers: one PNG in the file store, its key in
 * `settings`. A new logo is written under a new key before the setting points at it, and the
 * old file is removed only after, so a failed upload leaves the old logo whole.
 */
export function createShopLogo({ db, store, clock }: { db: Kysely<DB>; store: FileStore; clock: Clock }) {
  const currentKey = async () => (await readSetting(db, KEY)) || null;

  return {
    /** Where the browser fetches it, changing with every new logo (cache-safe); null when none. */
    async url(): Promise<string | null> {
      const key = await currentKey();
      return key ? `${LOGO_URL}?v=${encodeURIComponent(key.replace(/^.*\//, ''))}` : null;
    },

    async read(): Promise<Buffer | null> {
      const key = await currentKey();
      if (!key) return null;
      try {
        return await streamToBuffer(await store.read(key));
      } catch {
        return null;
      }
    },

    async replace(files: ReceivedFile[]): Promise<void> {
      const pngPath = store.newTempPath();
      try {
        const [file] = files;
        if (!file || files.length !== 1) throw new AppError('bad_request', 'Выберите одно изображение');
        // In the queue every image decode waits in, so a logo cannot starve the photo uploads.
        await imageWork
          .run(() =>
            sharp(file.tempPath)
              .rotate()
              .resize({ width: MAX_WIDTH, height: MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
              .png()
              .toFile(pngPath),
          )
          .catch(() => {
            throw new AppError('bad_request', `Файл «${file.name}» повреждён или не является изображением`);
          });
        const previous = await currentKey();
        // Random as well as timed: two uploads in one millisecond still get two names (and URLs).
        const key = `settings/logo-${clock.now().getTime()}-${randomBytes(4).toString('hex')}.png`;
        await store.moveIn(pngPath, key);
        await writeSetting(db, KEY, key);
        if (previous && previous !== key) await store.remove(previous);
      } finally {
        await discardTemps(files);
        await fsp.rm(pngPath, { force: true });
      }
    },

    async remove(): Promise<void> {
      const previous = await currentKey();
      await writeSetting(db, KEY, '');
      if (previous) await store.remove(previous);
    },
  };
}
export type ShopLogo = ReturnType<typeof createShopLogo>;
