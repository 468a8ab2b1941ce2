import type { FastifyBaseLogger } from 'fastify';
import type { ChangeEvent, LiveOp } from '../../domain/live-events';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { EventBus } from '../events/event-bus';
import type { FileStore } from '../files/file-store';
import type { ClientNotices } from '../notices/client-notices.service';
import type { PushNotifier } from '../push/push-notifier';
import type { DefaultAssignees } from '../settings/default-assignees';
import { createItemFiles } from './item-files';
import type { ItemKind } from './item-kind';

/** What the ticket and task services are built from. */
export interface ItemServiceDeps {
  events: EventBus;
  /** Tells assignees (and admins, for an unassigned ticket) by Web Push, after commit. */
  push: Pick<PushNotifier, 'notify'>;
  /** Automatic messages to the client: queued in a change's transaction, sent after commit. */
  notices: Pick<ClientNotices, 'queue' | 'wake'>;
  database: Database;
  clock: Clock;
  store: FileStore;
  defaultAssignees: DefaultAssignees;
  log: FastifyBaseLogger;
}

/** The parts both services use alike: the database, the item's files, and "it changed". */
export function itemServiceParts(deps: ItemServiceDeps, kind: ItemKind) {
  const { db } = deps.database;
  return {
    db,
    files: createItemFiles({ db, clock: deps.clock, store: deps.store, log: deps.log }, kind),
    /** After commit: tells every open screen, with the item's move in the worklist when known. */
    changed: (id: number, op: LiveOp = 'update', version?: number, work?: ChangeEvent['work']) =>
      deps.events.publish({
        entity: kind.entity,
        id,
        op,
        ...(version === undefined ? {} : { version }),
        ...(work === undefined ? {} : { work }),
      }),
  };
}
