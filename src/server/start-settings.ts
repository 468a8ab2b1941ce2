import type { Config } from './config';
import type { DialectName } from './db/dialect-name';

/**
 * What the server runs with, for the start-up log line: no secrets (no keys, no
 * invite code, no password in the database address).
 */
export function startSettings(config: Config, dialect: DialectName) {
  return {
    port: config.port,
    host: config.host,
    dataDir: config.dataDir,
    database: dialect === 'postgres' ? 'PostgreSQL' : config.databaseUrl,
    publicUrl: config.publicUrl ?? null,
    trustProxy: config.trustProxy,
    trashDays: config.trashDays,
    maxUploadMb: Math.round(config.maxUploadBytes / 1_048_576),
    logLevel: config.logLevel,
    inviteCodeFromEnvironment: config.inviteCode !== undefined,
    pushKeysFromEnvironment: config.vapidKeys !== undefined,
    // Whether, not where: SMTP_URL may hold a password.
    passwordEmails: config.mail !== undefined,
    // The bucket and its server, never its keys.
    files: config.s3
      ? `S3 ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`
      : 'DATA_DIR/files',
  };
}
