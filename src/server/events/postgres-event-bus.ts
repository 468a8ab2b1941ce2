import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { DB } from '../db/schema';
import { isChangeEvent, type ChangeEvent } from '../../domain/live-events';
import { InProcessEventBus, type EventBus } from './event-bus';

const RECONNECT_MS = 1000;
/** NOTIFY carries less than 8,000 bytes. */
export const NOTIFY_LIMIT_BYTES = 7900;

/**
 * An event as NOTIFY can carry it: a move in the worklist too long to carry (very long titles
 * and device fields) is left out, and open lists then ask the server instead.
 */
export function notifyPayload(event: ChangeEvent): string {
  const payload = JSON.stringify(event);
  if (Buffer.byteLength(payload) <= NOTIFY_LIMIT_BYTES || event.work === undefined) return payload;
  return JSON.stringify({ ...event, work: undefined });
}

/**
 * Several app instances on one PostgreSQL: a change is sent with NOTIFY and every
 * instance (this one too) hears it on its LISTEN connection and passes it to its
 * own streams. The channel carries the schema, so test runs on one server stay apart.
 */
export class PostgresEventBus implements EventBus {
  private readonly local = new InProcessEventBus();
  private listener: pg.Client | null = null;
  private closed = false;
  private readonly ready: Promise<void>;
  private markReady!: () => void;

  constructor(
    private readonly connectionString: string,
    private readonly db: Kysely<DB>,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    void this.connect();
  }

  /** Resolves once LISTEN is first active (tests and the server's start wait for it). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  publish(event: ChangeEvent): void {
    // The shared count moves in the same statement, so by the time any instance hears the
    // change, sharedMark says it too (nextval is not undone by anything after it).
    sql`select nextval('change_count'), pg_notify(${this.channel}, ${notifyPayload(event)})`
      .execute(this.db)
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'could not publish a change event');
      });
  }

  subscribe(listener: (event: ChangeEvent) => void, onResync?: () => void): () => void {
    return this.local.subscribe(listener, onResync);
  }

  /**
   * Counts what this instance has heard (its own changes come back by LISTEN too); none while
   * LISTEN is not active, since changes made meanwhile are heard by nobody here.
   */
  mark(): string | null {
    return this.listener ? this.local.mark() : null;
  }

  /** The count of changes every instance has published (migration 0019); null when unreadable. */
  async sharedMark(): Promise<string | null> {
    try {
      const { rows } = await sql<{ n: string }>`select last_value::text as n from change_count`.execute(
        this.db,
      );
      return rows[0]?.n ?? null;
    } catch {
      return null;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.local.close();
    await this.listener?.end().catch(() => undefined);
  }

  /**
   * Opens the LISTEN connection, and again after it is lost or cannot be opened, every second
   * until it is. Never rejects.
   */
  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      try {
        const event: unknown = JSON.parse(message.payload ?? '');
        if (isChangeEvent(event)) this.local.publish(event);
      } catch {
        this.log.warn({ payload: message.payload }, 'ignored a malformed change event');
      }
    });
    const retry = () => {
      if (!this.closed) setTimeout(() => void this.connect(), RECONNECT_MS);
    };
    client.on('error', (error) => {
      if (this.listener !== client) return; // a failed attempt: its own catch retries
      this.log.warn({ err: error }, 'change-event connection lost; reconnecting');
      this.listener = null;
      retry();
    });
    try {
      await client.connect();
      await client.query(`listen "${this.channel}"`);
    } catch (error) {
      this.log.warn({ err: error }, 'could not listen for change events; retrying');
      await client.end().catch(() => undefined);
      retry();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    // Changes made while nobody here listened were heard by no stream: every one refetches
    // (at the first start there is none yet).
    this.local.resync();
    this.markReady();
  }
}
