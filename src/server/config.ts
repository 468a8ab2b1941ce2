import path from 'node:path';
import { z } from 'zod';
import { normalizeInviteCode } from '../domain/invite-code';
import { DEFAULT_TRASH_DAYS } from '../domain/records';
import { isValidVapidPair } from './vapid-pair';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An IPv4/IPv6 address or CIDR range, or one of proxy-addr's names for ranges. */
const PROXY_ADDRESS = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/;

/**
 * Whom to believe about the client's address (X-Forwarded-For) and protocol:
 * `false` nobody; a number of proxy hops in front; or the proxies' addresses.
 * `true` once meant "everyone" (any client could pick its address and dodge the sign-in
 * limits); it now means the common case, a proxy on this machine (`loopback`).
 */
const trustProxySetting = z.string().transform((raw, ctx): false | number | string => {
  const value = raw.trim().toLowerCase();
  if (['false', '0', 'no'].includes(value)) return false;
  if (['true', 'yes'].includes(value)) return 'loopback';
  if (/^[1-9]$/.test(value)) return Number(value);
  const addresses = value.split(',').map((part) => part.trim());
  if (addresses.every((address) => PROXY_ADDRESS.test(address))) return addresses.join(',');
  ctx.addIssue({
    code: 'custom',
    message: 'expected false, a number of proxy hops (1-9), or proxy addresses such as 127.0.0.1,10.0.0.0/8',
  });
  return z.NEVER;
});

const configSchema = z.object({
  PORT: z.coerce
    .number({ error: 'expected a port number' })
    .int('expected a whole number')
    .min(1)
    .max(65535)
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where `npm run backup` and the automatic backups write (issue 21); best another disk. */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  /** The automatic backup's hour in the shop's time zone, or off. */
  BACKUP_HOUR: z
    .string()
    .regex(/^(off|\d{1,2})$/, 'expected an hour 0–23 or off')
    .refine((value) => value === 'off' || Number(value) <= 23, 'expected an hour 0–23 or off')
    .transform((value) => (value === 'off' ? null : Number(value)))
    .default(3),
  BACKUP_KEEP: z.coerce.number({ error: 'expected a whole number' }).int().min(1).max(1000).default(14),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres|postgresql):\/\/|^sqlite:/, 'expected postgres://…, postgresql://… or sqlite:<file>')
    .optional(),
  PUBLIC_URL: z.url({ error: 'expected an absolute URL such as https://tasks.example.ru' }).optional(),
  INVITE_CODE: z
    .string()
    .trim()
    .max(64)
    .refine((code) => normalizeInviteCode(code).length >= 6, 'expected at least 6 letters or digits')
    .optional(),
  APP_NAME: z.string().trim().min(1).max(60).default('GL Задачи'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  LOG_PRETTY: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
    .transform((value) => ['true', '1', 'yes'].includes(value))
    .default(false),
  TRUST_PROXY: trustProxySetting.default(false),
  SESSION_IDLE_HOURS: z.coerce
    .number({ error: 'expected a number of hours' })
    .positive()
    .default(24 * 7),
  SESSION_MAX_DAYS: z.coerce.number({ error: 'expected a number of days' }).positive().default(30),
  AUTH_LIMIT_PER_IP: z.coerce.number({ error: 'expected a whole number' }).int().positive().default(30),
  AUTH_LIMIT_PER_EMAIL: z.coerce.number({ error: 'expected a whole number' }).int().positive().default(10),
  MAX_UPLOAD_MB: z.coerce
    .number({ error: 'expected a number of megabytes' })
    .positive()
    .max(1024)
    .default(20),
  MAX_UPLOAD_REQUEST_MB: z.coerce
    .number({ error: 'expected a number of megabytes' })
    .positive()
    .max(4096)
    .default(100),
  MIN_FREE_DISK_MB: z.coerce.number({ error: 'expected a number of megabytes' }).min(0).default(1024),
  TRASH_DAYS: z.coerce
    .number({ error: 'expected a number of days' })
    .int('expected a whole number of days')
    .min(1)
    .max(3650)
    .default(DEFAULT_TRASH_DAYS),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/\S+$/, 'expected smtp://user:password@host:587 or smtps://…:465')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  /** Where SMS.RU and the Telegram Bot API are asked (issue 54): a proxy, a local Bot API server. */
  SMS_RU_URL: z.url({ error: 'expected an address such as https://sms.ru' }).optional(),
  TELEGRAM_API_URL: z.url({ error: 'expected an address such as https://api.telegram.org' }).optional(),
  VAPID_PUBLIC_KEY: z.string().trim().optional(),
  VAPID_PRIVATE_KEY: z.string().trim().optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'expected mailto:you@example.ru or an https:// address')
    .optional(),
  /** Uploaded files in an S3-compatible bucket instead of DATA_DIR/files (issue 23). */
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'expected a bucket name: 3–63 small letters, digits, dots, hyphens',
    )
    .optional(),
  /** Another provider's or one's own server (MinIO, Yandex Object Storage…); AWS without it. */
  S3_ENDPOINT: z.url({ error: 'expected an address such as https://storage.yandexcloud.net' }).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /** Bucket in the path (`host/bucket/key`), as most servers other than AWS want. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
    .transform((value) => ['true', '1', 'yes'].includes(value))
    .optional(),
});

/** Push services may contact this address about our traffic (RFC 8292); set VAPID_SUBJECT to a real one. */
const FALLBACK_VAPID_SUBJECT = 'mailto:webpush@gl-zadachi.invalid';

function checkVapidPair(env: z.infer<typeof configSchema>, ctx: z.RefinementCtx) {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (!publicKey && !privateKey) return;
  if (!publicKey || !privateKey || !isValidVapidPair({ publicKey, privateKey })) {
    ctx.addIssue({
      code: 'custom',
      path: [publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
      message: 'expected both VAPID keys, base64url, as printed by `npx web-push generate-vapid-keys`',
    });
  }
}

/** Settings that may hold a password or a key. */
const SECRET_SETTINGS = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'VAPID_PRIVATE_KEY',
  'INVITE_CODE',
  'S3_SECRET_ACCESS_KEY',
]);

/** S3 settings without a bucket would be ignored in silence; the two keys come together. */
function checkS3(env: z.infer<typeof configSchema>, ctx: z.RefinementCtx) {
  const s3Named = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).find(
    (name) => env[name],
  );
  if (!env.S3_BUCKET && s3Named) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: `expected the bucket's name when ${s3Named} is set`,
    });
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message:
        'expected both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS_* variables then)',
    });
  }
}

/** SMTP_URL and MAIL_FROM come together: one without the other sends nothing, so it is refused. */
function checkMailPair(env: z.infer<typeof configSchema>, ctx: z.RefinementCtx) {
  if (Boolean(env.SMTP_URL) !== Boolean(env.MAIL_FROM)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.SMTP_URL ? 'MAIL_FROM' : 'SMTP_URL'],
      message: 'expected both SMTP_URL and MAIL_FROM (e.g. "GL Задачи <noreply@shop.ru>"), or neither',
    });
  }
  // E-mailed links are built from PUBLIC_URL only: from a request's Host header, anyone
  // could have the shop's own mail server send a link to their site.
  if (env.SMTP_URL && !env.PUBLIC_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'expected the address staff open the app at (e.g. https://tasks.shop.ru) when SMTP_URL is set',
    });
  }
}

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {}

function toConfig(env: z.infer<typeof configSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    backupDir: path.resolve(env.BACKUP_DIR),
    /** Automatic backups: the hour (shop time), or null for none; how many archives to keep. */
    backupHour: env.BACKUP_HOUR,
    backupKeep: env.BACKUP_KEEP,
    databaseUrl: env.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'gl-zadachi.sqlite')}`,
    publicUrl: env.PUBLIC_URL,
    inviteCode: env.INVITE_CODE,
    appName: env.APP_NAME,
    logLevel: env.LOG_LEVEL,
    /** Coloured, one line per event, for a terminal (pino-pretty); JSON lines otherwise. */
    logPretty: env.LOG_PRETTY,
    trustProxy: env.TRUST_PROXY,
    sessionIdleMs: env.SESSION_IDLE_HOURS * 3_600_000,
    sessionMaxMs: env.SESSION_MAX_DAYS * 86_400_000,
    maxUploadBytes: Math.round(env.MAX_UPLOAD_MB * 1_048_576),
    maxUploadRequestBytes: Math.round(env.MAX_UPLOAD_REQUEST_MB * 1_048_576),
    minFreeDiskBytes: Math.round(env.MIN_FREE_DISK_MB * 1_048_576),
    /** Days an item stays in the Корзина before the purge job deletes it for good. */
    trashDays: env.TRASH_DAYS,
    /** Where «Забыли пароль?» e-mails go out; without it the login page sends people to an admin. */
    mail:
      env.SMTP_URL && env.MAIL_FROM && env.PUBLIC_URL
        ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, publicUrl: env.PUBLIC_URL }
        : undefined,
    /** The automatic messages' services; their keys are saved in «Настройки», not here. */
    noticeEndpoints: {
      smsRuUrl: env.SMS_RU_URL,
      telegramUrl: env.TELEGRAM_API_URL,
      timeoutMs: undefined as number | undefined,
    },
    /** Sign-in and registration attempts per 15 minutes. */
    authLimits: { perIp: env.AUTH_LIMIT_PER_IP, perEmail: env.AUTH_LIMIT_PER_EMAIL },
    /** Given together or not at all; otherwise generated into DATA_DIR (src/server/push/vapid-keys.ts). */
    vapidKeys:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject:
      env.VAPID_SUBJECT ?? (env.PUBLIC_URL?.startsWith('https://') ? env.PUBLIC_URL : FALLBACK_VAPID_SUBJECT),
    /** Files in a bucket; null: on local disk under DATA_DIR/files. */
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          // Path style unless said otherwise when the server is not AWS's own.
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
        }
      : null,
  };
}

/**
 * Reads the settings once. An empty variable counts as unset; a bad one stops
 * start-up with a message that names it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(configSchema.shape)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const parsed = configSchema
    .superRefine(checkVapidPair)
    .superRefine(checkMailPair)
    .superRefine(checkS3)
    .safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      // A secret is never echoed back: the message goes to the terminal and the journal.
      const shown = SECRET_SETTINGS.has(name) && env[name] ? '(hidden)' : JSON.stringify(env[name]);
      return `  ${name}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid settings (see README, "Settings"):\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}
