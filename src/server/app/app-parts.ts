import type { FastifyBaseLogger } from 'fastify';
import type { BackupService } from '../backup/backup-service';
import type { Clock } from '../clock';
import type { AccountServices } from './account-services';
import type { AppDeps } from './app-deps';
import type { RecordServices } from './record-services';
import type { AppResources } from './resources';
import type { ShopSettings } from './shop-settings';

/** What buildApp has made by the time the routes register: each route group takes its part. */
export interface AppParts {
  deps: AppDeps;
  clock: Clock;
  log: FastifyBaseLogger;
  accounts: AccountServices;
  resources: AppResources;
  records: RecordServices;
  shop: ShopSettings;
  backups: BackupService;
}
