import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Role } from '../../domain/roles';
import type { UserDto } from '../../domain/users';
import { buildApp, type AppDeps } from '../app';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { DialectName } from '../db/dialect-name';
import { LocalFileStore, type FileStore } from '../files/file-store';
import { createTestDatabase, testDialects } from './test-database';

export const TEST_INVITE_CODE = 'test-invite-code';
export const TEST_PASSWORD = 'correct horse battery';

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** App settings for tests: a fresh data folder (uploaded files go there), 2 MB uploads. */
export function testConfig(overrides: Partial<AppDeps['config']> = {}): AppDeps['config'] {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-data-'));
  tempDirs.push(dataDir);
  return {
    appName: 'GL Задачи',
    inviteCode: TEST_INVITE_CODE,
    publicUrl: undefined,
    sessionIdleMs: 7 * 86_400_000,
    sessionMaxMs: 30 * 86_400_000,
    trustProxy: false,
    dataDir,
    maxUploadBytes: 2 * 1_048_576,
    maxUploadRequestBytes: 5 * 1_048_576,
    minFreeDiskBytes: 1_048_576,
    trashDays: 30,
    mail: undefined,
    // Generated into dataDir at first start, as in production.
    vapidKeys: undefined,
    vapidSubject: 'mailto:tests@example.ru',
    // pg_dump connects here on PostgreSQL; SQLite backs up through the open connection.
    databaseUrl: process.env.TEST_DATABASE_URL ?? 'sqlite::memory:',
    backupDir: path.join(dataDir, '..', `${path.basename(dataDir)}-backups`),
    backupHour: null,
    backupKeep: 14,
    ...overrides,
  };
}

/** A clock tests can move forward. */
export class TestClock implements Clock {
  private current = new Date('2026-11-22T09:00:00.000Z');
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestContext {
  dialect: DialectName;
  app: FastifyInstance;
  database: Database;
  /** Another connection to the same database (the caller destroys it). */
  openAnotherDatabase(): Database;
  clock: TestClock;
  /** The app's data folder (uploaded files live in `files/` under it, unless in a bucket). */
  dataDir: string;
  /** Where the app keeps uploaded files. */
  store: FileStore;
  /** Registers a user through the API and returns them with their session cookie. */
  register(
    overrides?: Partial<{ email: string; displayName: string; password: string; inviteCode: string }>,
  ): Promise<SignedIn>;
  /** Signs an existing account in again (a role change ends its sessions). */
  signIn(email: string, password?: string): Promise<SignedIn>;
  /** A signed-in user with the given role (the first user registered is the owner, 'admin'). */
  loginAs(role: Role): Promise<SignedIn>;
}

export interface SignedIn {
  user: UserDto;
  cookie: string;
  password: string;
}

let sequence = 0;
export function uniqueEmail(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${sequence}@example.ru`;
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'glz_session');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `glz_session=${cookie.value}`;
}

export interface EachDatabaseOptions extends Partial<Omit<AppDeps, 'database' | 'fileStore' | 'config'>> {
  /** Settings over testConfig()'s. */
  config?: Partial<AppDeps['config']>;
  /** Files somewhere other than the data folder's `files/` (an S3 bucket). */
  openFileStore?: (dataDir: string) => Promise<FileStore>;
}

/**
 * Runs `body` once per available database, each with a fresh database and app.
 * `ctx` is filled in by beforeAll, so read it inside tests, not at describe time.
 */
export function describeEachDatabase(
  title: string,
  body: (ctx: TestContext) => void,
  { openFileStore, config: configOverrides, ...overrides }: EachDatabaseOptions = {},
) {
  for (const dialect of testDialects()) {
    describe(`${title} [${dialect}]`, () => {
      const ctx = { dialect } as TestContext;
      let cleanup: (() => Promise<void>) | undefined;

      beforeAll(async () => {
        const test = await createTestDatabase(dialect);
        cleanup = test.cleanup;
        ctx.database = test.database;
        ctx.openAnotherDatabase = test.openAnother;
        ctx.clock = new TestClock();
        const config = testConfig(configOverrides);
        ctx.dataDir = config.dataDir;
        ctx.store = openFileStore
          ? await openFileStore(config.dataDir)
          : new LocalFileStore(path.join(config.dataDir, 'files'));
        ctx.app = await buildApp({
          config,
          clock: ctx.clock,
          webRoot: null,
          ...overrides,
          fileStore: ctx.store,
          database: test.database,
        });
        ctx.register = async (o = {}) => {
          const password = o.password ?? TEST_PASSWORD;
          const response = await ctx.app.inject({
            method: 'POST',
            url: '/api/auth/register',
            payload: {
              displayName: o.displayName ?? 'Иванов Иван',
              email: o.email ?? uniqueEmail(),
              password,
              inviteCode: o.inviteCode ?? TEST_INVITE_CODE,
            },
          });
          if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
          return { user: response.json<{ user: UserDto }>().user, cookie: sessionCookie(response), password };
        };
        ctx.signIn = async (email, password = TEST_PASSWORD) => {
          const response = await ctx.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email, password },
          });
          if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
          return { user: response.json<{ user: UserDto }>().user, cookie: sessionCookie(response), password };
        };
        ctx.loginAs = async (role) => {
          const activeAdmin = await ctx.database.db
            .selectFrom('users')
            .select('email')
            .where('role', '=', 'admin')
            .where('disabled_at', 'is', null)
            .orderBy('id')
            .executeTakeFirst();
          if (role !== 'admin') {
            if (!activeAdmin) await ctx.register({ displayName: 'Админов Админ' });
            const person = await ctx.register();
            if (role === 'employee') return person;
            // The role is set as the owner would; a role change ends sessions, so sign in again.
            await ctx.database.db
              .updateTable('users')
              .set({ role })
              .where('id', '=', person.user.id)
              .execute();
            return ctx.signIn(person.user.email, person.password);
          }
          // Every test account uses TEST_PASSWORD unless a test chose another.
          return activeAdmin ? ctx.signIn(activeAdmin.email) : ctx.register({ displayName: 'Админов Админ' });
        };
      });

      afterAll(async () => {
        await ctx.app?.close();
        await cleanup?.();
      });

      body(ctx);
    });
  }
}

const VERSIONED_PATH = /^\/api\/(clients|tickets|tasks)\/(\d+)$/;

/**
 * For tests that are not about concurrency: a PATCH of a client, ticket or task
 * without a `version` gets the record's current one (as a screen that is up to date
 * would send); 1 when the record does not exist.
 */
export async function withCurrentVersion(
  database: Database,
  method: string,
  url: string,
  payload: object | undefined,
): Promise<object | undefined> {
  if (method === 'POST' && payload) return confirmedNewClient(url, payload);
  const match = VERSIONED_PATH.exec(url);
  if (method !== 'PATCH' || !match || !payload || 'version' in payload) return payload;
  const table = match[1] as 'clients' | 'tickets' | 'tasks';
  const row = await database.db
    .selectFrom(table)
    .select('version')
    .where('id', '=', Number(match[2]))
    .executeTakeFirst();
  return { ...payload, version: row?.version ?? 1 };
}

/**
 * Tests reuse a few phones across many clients; the one-client-per-phone guard (issue 49) has
 * its own tests, which say `despiteSamePhone` themselves. Elsewhere a new client is sent as
 * confirmed, as a screen does once the person ticked «Это другой человек».
 */
function confirmedNewClient(url: string, payload: object): object {
  const path = url.split('?')[0];
  if (path === '/api/clients' && !('despiteSamePhone' in payload)) {
    return { ...payload, despiteSamePhone: true };
  }
  const client = (payload as { client?: { mode?: string } }).client;
  if (path === '/api/tickets' && client?.mode === 'new' && !('despiteSamePhone' in client)) {
    return { ...payload, client: { ...client, despiteSamePhone: true } };
  }
  return payload;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A JSON call as a signed-in screen makes it (cookie, the same-origin header, the current
 * version on a PATCH), by `who` or by the default caller the test names.
 */
export function apiCaller(ctx: TestContext, defaultCaller: () => SignedIn) {
  return async (method: Method, url: string, payload?: object, who: SignedIn = defaultCaller()) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie: who.cookie, 'x-requested-with': 'fetch' },
      ...(payload ? { payload: await withCurrentVersion(ctx.database, method, url, payload) } : {}),
    });
}
