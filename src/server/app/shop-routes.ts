import type { PublicConfig } from '../../domain/users';
import { registerBackupRoutes } from '../backup/backup.routes';
import { registerDocumentsRoutes } from '../documents/documents.routes';
import { createTicketDocuments } from '../documents/ticket-documents';
import { registerFilesRoutes } from '../files/files.routes';
import { registerHistoryRoutes } from '../history/history.routes';
import type { RouteScopes } from '../http/route-scopes';
import { registerWebManifest } from '../http/web-manifest.routes';
import { registerPushRoutes } from '../push/push.routes';
import { createMessageTemplates } from '../settings/message-templates';
import { registerSettingsRoutes } from '../settings/settings.routes';
import { findPublicStatus } from '../status-page/status-page';
import { registerStatusLookupRoutes, registerStatusPageRoutes } from '../status-page/status-page.routes';
import { findTokenByPhone } from '../status-page/status-lookup';
import { registerTrashRoutes } from '../trash/trash.routes';
import { createTicketTypes } from '../ticket-types/ticket-types.service';
import { registerTicketTypesRoutes } from '../ticket-types/ticket-types.routes';
import { registerDevicesRoutes } from '../devices/devices.routes';
import { createRepairStages } from '../repair-stages/repair-stages.service';
import { registerRepairStagesRoutes } from '../repair-stages/repair-stages.routes';
import { createTicketMoney, readLines } from '../money/ticket-money.service';
import { createEstimates } from '../money/estimate.service';
import { registerTicketMoneyRoutes } from '../money/ticket-money.routes';
import { registerNoticesRoutes } from '../notices/notices.routes';
import { createServices } from '../money/services.service';
import { registerServicesRoutes } from '../money/services.routes';
import { registerMoneyExportRoutes } from '../money/money-export.routes';
import { registerReportsRoutes } from '../reports/reports.routes';
import { createPay } from '../pay/pay.service';
import { registerPayRoutes } from '../pay/pay.routes';
import { createPayers } from '../money/payers.service';
import { registerPayersRoutes } from '../money/payers.routes';
import { createCashDesk } from '../cash/cash-desk.service';
import { registerCashDeskRoutes } from '../cash/cash-desk.routes';
import { createParts } from '../stock/parts.service';
import { createSuppliers } from '../stock/suppliers.service';
import { createReceipts } from '../stock/receipts.service';
import { createStockCounts } from '../stock/stock-counts.service';
import { createPartImport } from '../stock/part-import.service';
import { registerStockRoutes, type StockServices } from '../stock/stock.routes';
import { registerPurchaseExportRoutes } from '../export/purchase.routes';
import type { AppConfig } from './app-deps';
import type { AppParts } from './app-parts';

/**
 * Around the records: backups, the Корзина, history, Web Push subscriptions, the web manifest,
 * stored files, printed documents, the client's status page and the shop's settings.
 */
export function registerShopRoutes(scopes: RouteScopes, parts: AppParts) {
  const { config, database } = parts.deps;
  const { clock } = parts;
  const { store, vapidKeys } = parts.resources;
  const { tickets, trash } = parts.records;
  const { shopProfile, shopLogo, workRules, publicAddress, addressProbe } = parts.shop;
  const shopTimeZone = async () => (await workRules.get()).timeZone;
  registerBackupRoutes(scopes, parts.backups);
  registerTrashRoutes(scopes, trash);
  registerHistoryRoutes(scopes, { db: database.db });
  registerPushRoutes(scopes, { db: database.db, clock, publicKey: vapidKeys.publicKey });
  registerWebManifest(scopes, config.appName);
  registerFilesRoutes(scopes, { database, store });
  const ticketTypes = createTicketTypes({ db: database.db, clock, events: parts.resources.events });
  registerTicketTypesRoutes(scopes, ticketTypes);
  registerDevicesRoutes(scopes, { db: database.db });
  registerRepairStagesRoutes(
    scopes,
    createRepairStages({ db: database.db, clock, events: parts.resources.events }),
  );
  const estimates = createEstimates({
    db: database.db,
    clock,
    events: parts.resources.events,
    push: parts.resources.push,
    notices: parts.resources.notices,
    readLines,
  });
  const money = createTicketMoney({
    db: database.db,
    clock,
    events: parts.resources.events,
    notices: parts.resources.notices,
  });
  registerTicketMoneyRoutes(scopes, { money, estimates });
  registerNoticesRoutes(scopes, { notices: parts.resources.notices, events: parts.resources.events });
  registerCashDeskRoutes(scopes, {
    desk: createCashDesk({ db: database.db, clock, events: parts.resources.events }),
    db: database.db,
    clock,
    timeZone: shopTimeZone,
  });
  registerPayersRoutes(scopes, {
    payers: createPayers({ db: database.db, clock, events: parts.resources.events }),
    timeZone: shopTimeZone,
  });
  registerMoneyExportRoutes(scopes, {
    db: database.db,
    clock,
    timeZone: shopTimeZone,
  });
  registerReportsRoutes(scopes, { db: database.db, clock, timeZone: shopTimeZone });
  registerPayRoutes(scopes, {
    pay: createPay({ db: database.db, clock, timeZone: shopTimeZone }),
    clock,
    timeZone: shopTimeZone,
  });
  registerServicesRoutes(scopes, createServices({ db: database.db, clock, events: parts.resources.events }));
  const stock = stockServices(parts);
  registerStockRoutes(scopes, stock);
  registerPurchaseExportRoutes(scopes, { low: () => stock.parts.low(), clock, timeZone: shopTimeZone });
  registerDocumentsRoutes(scopes, {
    documents: createTicketDocuments({
      tickets,
      ticketTypes,
      shopProfile,
      shopLogo,
      clock,
      readMoney: (id) => money.read(id),
      telegramLink: (id) => parts.resources.notices.telegramLinkOfTicket(id),
    }),
    publicAddress,
  });
  registerStatusPageRoutes(scopes, {
    db: database.db,
    find: (token) => findPublicStatus(database.db, shopProfile, token),
    timeZone: shopTimeZone,
    clock,
    answerEstimate: estimates.answer,
    telegramLink: (token) => parts.resources.notices.telegramLinkOfPage(token),
  });
  registerStatusLookupRoutes(scopes, {
    db: database.db,
    clock,
    findToken: (id, digits) => findTokenByPhone(database.db, id, digits),
  });
  registerSettingsRoutes(scopes, {
    inviteCode: parts.accounts.inviteCode,
    defaultAssignees: parts.records.defaultAssignees,
    shopProfile,
    shopLogo,
    messageTemplates: createMessageTemplates(database.db, clock),
    workRules,
    store,
    uploadLimits: parts.shop.uploadLimits,
    events: parts.resources.events,
    publicConfig: publicConfig(config),
    publicAddress,
    addressProbe,
  });
}

/** Parts and stock (issue 51): the catalogue, suppliers, receipts, counts and the import. */
function stockServices(parts: AppParts): StockServices {
  const { database } = parts.deps;
  const { clock } = parts;
  const { events } = parts.resources;
  const deps = { db: database.db, clock, events };
  return {
    parts: createParts({ ...deps, dialect: database.dialect }),
    suppliers: createSuppliers(deps),
    receipts: createReceipts(deps),
    counts: createStockCounts(deps),
    partImport: createPartImport({ database, clock, events }),
  };
}

/** What the web app reads before anyone signs in (`GET /api/config`). */
function publicConfig(config: AppConfig): PublicConfig {
  return {
    appName: config.appName,
    trashDays: config.trashDays,
    passwordByEmail: config.mail !== undefined,
    maxUploadBytes: config.maxUploadBytes,
    maxUploadRequestBytes: config.maxUploadRequestBytes,
    // Read per request from the shop's settings (GET /api/config).
    publicUrl: null,
  };
}
