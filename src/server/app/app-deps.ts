import type { Agent } from 'node:https';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { AuthLimitRules } from '../auth/sign-in-guard';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { EventBus } from '../events/event-bus';
import type { FileStore } from '../files/file-store';

/** What buildApp is given: the settings, the database, and the stand-ins tests put in. */
export interface AppDeps {
  config: Pick<
    Config,
    | 'appName'
    | 'inviteCode'
    | 'publicUrl'
    | 'sessionIdleMs'
    | 'sessionMaxMs'
    | 'trustProxy'
    | 'dataDir'
    | 'maxUploadBytes'
    | 'maxUploadRequestBytes'
    | 'minFreeDiskBytes'
    | 'trashDays'
    | 'mail'
    | 'vapidKeys'
    | 'vapidSubject'
    | 'databaseUrl'
    | 'backupDir'
    | 'backupHour'
    | 'backupKeep'
  > &
    // Absent in most tests: the public services, never called without a key.
    Partial<Pick<Config, 'noticeEndpoints'>> &
    // Absent in most tests: files on local disk.
    Partial<Pick<Config, 's3'>>;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** A pino logger made by the caller (main.ts shares it with the event bus). */
  loggerInstance?: FastifyBaseLogger;
  authLimits?: AuthLimitRules;
  /** How the sign-in guard pauses (tests record the pauses instead of waiting). */
  authSleep?: (ms: number) => Promise<void>;
  /** Carries committed changes to live streams; in-process unless given (PostgreSQL: LISTEN/NOTIFY). */
  events?: EventBus;
  /** Where uploaded files go; by default the settings' (DATA_DIR/files or the S3 bucket). */
  fileStore?: FileStore;
  /** Folder of the built web app; null for an API-only server. */
  webRoot?: string | null;
  /**
   * How the public-address check calls out; tests route the shop's public name to the server
   * they started (no DNS here), which then answers the check over real HTTP.
   */
  addressFetch?: typeof fetch;
  push?: {
    /** HTTPS agent for push services; tests give one that trusts their stand-in. */
    agent?: Agent;
    retryDelaysMs?: readonly number[];
  };
  /** Automatic client messages: tests shorten the waits, or tick and poll by hand. */
  notices?: {
    sendDelaysMs?: readonly number[];
    checkDelaysMs?: readonly number[];
    manual?: boolean;
  };
}

export type AppConfig = AppDeps['config'];
