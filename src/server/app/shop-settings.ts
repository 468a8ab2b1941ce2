import type { Clock } from '../clock';
import type { FileStore } from '../files/file-store';
import type { UploadLimits } from '../files/upload-limits';
import { createShopLogo } from '../settings/shop-logo';
import { createShopProfile } from '../settings/shop-profile';
import { createWorkRules } from '../settings/work-rules';
import { createAddressProbe, createPublicAddress } from '../settings/public-address';
import type { AppDeps } from './app-deps';

export type ShopSettings = ReturnType<typeof createShopSettings>;

/** The shop's own settings: upload limits, its profile and logo for documents, its work rules,
 * and the public address client links point to. */
export function createShopSettings(deps: AppDeps, clock: Clock, store: FileStore) {
  const { config, database } = deps;
  const uploadLimits: UploadLimits = {
    fileBytes: config.maxUploadBytes,
    requestBytes: config.maxUploadRequestBytes,
    minFreeBytes: config.minFreeDiskBytes,
    dataDir: config.dataDir,
  };
  const shopProfile = createShopProfile(database.db, clock);
  const shopLogo = createShopLogo({ db: database.db, store, clock });
  const workRules = createWorkRules(database.db, clock);
  const publicAddress = createPublicAddress(database.db, config.publicUrl);
  const addressProbe = createAddressProbe(database.db, deps.addressFetch);
  return { uploadLimits, shopProfile, shopLogo, workRules, publicAddress, addressProbe };
}
