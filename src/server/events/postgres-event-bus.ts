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
  private everConnected = false;
  private readonly ready: Promise<void>;

  constructor(
    private readonly connectionString: string,
    private readonly db: Kysely<DB>,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.ready = this.connect();
  }

  /** Resolves once LISTEN is active (tests wait for it). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  publish(event: ChangeEvent): void {
    sql`select pg_notify(${this.channel}, ${notifyPayload(event)})`
      .execute(this.db)
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'could not publish a change event');
      });
  }

  subscribe(listener: (event: ChangeEvent) => void, onResync?: () => void): () => void {
    return this.local.subscribe(listener, onResync);
  }

  /** Counts what this instance has heard (its own changes come back by LISTEN too). */
  mark(): string {
    return this.local.mark();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.local.close();
    await this.listener?.end().catch(() => undefined);
  }

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
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'change-event connection lost; reconnecting');
      this.listener = null;
      if (!this.closed) setTimeout(() => void this.connect().catch(() => undefined), RECONNECT_MS);
    });
    await client.connect();
    await client.query(`listen "${this.channel}"`);
    // After a lost connection, NOTIFYs sent meanwhile are gone: every stream refetches.
    if (this.everConnected) this.local.resync();
    this.everConnected = true;
    this.listener = client;
  }
}
