import type { Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { accountsMigration } from './0001-accounts';
import { clientsMigration } from './0002-clients';
import { ticketsMigration } from './0003-tickets';
import { tasksMigration } from './0004-tasks';
import { pushMigration } from './0005-push';
import { editVersionsMigration } from './0006-edit-versions';
import { recordsMigration } from './0007-records';
import { passwordResetsMigration } from './0008-password-resets';
import { deviceFieldsMigration } from './0009-device-fields';
import { walkInMigration } from './0010-walk-in';
import { statusLinksMigration } from './0011-status-links';
import { stateCountsMigration } from './0012-state-counts';
import { statusSinceMigration } from './0013-status-since';
import { jobsMigration } from './0014-jobs';
import { stageSpansMigration } from './0015-stage-spans';
import { importSourcesMigration } from './0016-import-sources';
import { searchIndexMigration } from './0017-search-index';
import { attemptCountsMigration } from './0018-attempt-counts';
import { changeCountMigration } from './0019-change-count';
import { searchByStateMigration } from './0020-search-by-state';
import { searchPendingListsMigration } from './0021-search-pending-lists';
import { phoneStartCoveredMigration } from './0022-phone-start-covered';
import { workCountsMigration } from './0023-work-counts';
import { compactStageSpansMigration } from './0024-compact-stage-spans';
import { closedPapersMigration } from './0025-closed-papers';
import { ticketTypesMigration } from './0026-ticket-types';
import { deviceStoryMigration } from './0027-device-story';
import { clientMergesMigration } from './0028-client-merges';
import { moneyMigration } from './0030-money';
import { estimatesMigration } from './0031-estimates';
import { cashDeskMigration } from './0032-cash-desk';
import { payersMigration } from './0033-payers';
import { stockMigration } from './0034-stock';
import { rolesMigration } from './0035-roles';
import { payMigration } from './0036-pay';
import { clientMessagesMigration } from './0039-client-messages';
import { commentsMigration } from './0040-comments';
import { sheetImportsMigration } from './0041-sheet-imports';
import { debtsIndexMigration } from './0038-debts-index';
import { marginSumsMigration } from './0037-margin-sums';
import { repairStagesMigration } from './0029-repair-stages';

/** Every migration, in order. The same set runs on SQLite and PostgreSQL. */
export function allMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-accounts': accountsMigration(dialect),
    '0002-clients': clientsMigration(dialect),
    '0003-tickets': ticketsMigration(dialect),
    '0004-tasks': tasksMigration(dialect),
    '0005-push': pushMigration(dialect),
    '0006-edit-versions': editVersionsMigration(),
    '0007-records': recordsMigration(dialect),
    '0008-password-resets': passwordResetsMigration(dialect),
    '0009-device-fields': deviceFieldsMigration(),
    '0010-walk-in': walkInMigration(),
    '0011-status-links': statusLinksMigration(),
    '0012-state-counts': stateCountsMigration(),
    '0013-status-since': statusSinceMigration(),
    '0014-jobs': jobsMigration(),
    '0015-stage-spans': stageSpansMigration(dialect),
    '0016-import-sources': importSourcesMigration(),
    '0017-search-index': searchIndexMigration(dialect),
    '0018-attempt-counts': attemptCountsMigration(),
    '0019-change-count': changeCountMigration(dialect),
    '0020-search-by-state': searchByStateMigration(dialect),
    '0021-search-pending-lists': searchPendingListsMigration(dialect),
    '0022-phone-start-covered': phoneStartCoveredMigration(dialect),
    '0023-work-counts': workCountsMigration(dialect),
    '0024-compact-stage-spans': compactStageSpansMigration(dialect),
    '0025-closed-papers': closedPapersMigration(),
    '0026-ticket-types': ticketTypesMigration(dialect),
    '0027-device-story': deviceStoryMigration(),
    '0028-client-merges': clientMergesMigration(dialect),
    '0029-repair-stages': repairStagesMigration(dialect),
    '0030-money': moneyMigration(dialect),
    '0031-estimates': estimatesMigration(),
    '0032-cash-desk': cashDeskMigration(dialect),
    '0033-payers': payersMigration(dialect),
    '0034-stock': stockMigration(dialect),
    '0035-roles': rolesMigration(dialect),
    '0036-pay': payMigration(dialect),
    '0037-margin-sums': marginSumsMigration(),
    '0038-debts-index': debtsIndexMigration(dialect),
    '0039-client-messages': clientMessagesMigration(dialect),
    '0040-comments': commentsMigration(dialect),
    '0041-sheet-imports': sheetImportsMigration(dialect),
  };
}
