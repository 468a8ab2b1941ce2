import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { ChangeEvent } from '../../domain/live-events';

/**
 * Carries committed changes to every open event stream. Publish only after the
 * transaction has committed, so nobody refetches and sees the old data.
 */
export interface EventBus {
  publish(event: ChangeEvent): void;
  /**
   * `onResync` is called when changes may have been missed (the bus lost its link to
   * the other instances for a while): every open screen must then refetch.
   */
  subscribe(listener: (event: ChangeEvent) => void, onResync?: () => void): () => void;
  /**
   * Where this instance's stream of changes stands: `instance.count`, the count going up with
   * every change (and resync) passed to subscribers. An answer read at a mark holds every change
   * up to it; a browser compares it with its stream's (src/web/lib/stream-marks.ts). Null while
   * the instance may not hear every change (PostgreSQL: LISTEN not active): browsers then refetch.
   */
  mark(): string | null;
  /**
   * Where the changes of every instance stand: different after any instance has published a
   * change, even before this one has heard of it (then `mark` has not moved yet). An answer
   * computed from data read after this value holds every change up to it; null when it cannot
   * be told (docs/decisions/028).
   */
  sharedMark(): Promise<string | null>;
  close(): Promise<void>;
}

/** One process (SQLite): an in-memory emitter. */
export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter();
  // A new name each start: counts from before a restart mean nothing after it.
  private readonly instance = randomBytes(6).toString('hex');
  private passed = 0;

  constructor() {
    // One listener per open browser tab; hundreds are normal.
    this.emitter.setMaxListeners(0);
  }

  publish(event: ChangeEvent): void {
    this.passed += 1;
    this.emitter.emit('change', event);
  }

  mark(): string {
    return `${this.instance}.${this.passed}`;
  }

  /** One process hears every change it makes as it makes it: its own count is everyone's. */
  async sharedMark(): Promise<string> {
    return this.mark();
  }

  subscribe(listener: (event: ChangeEvent) => void, onResync?: () => void): () => void {
    this.emitter.on('change', listener);
    if (onResync) this.emitter.on('resync', onResync);
    return () => {
      this.emitter.off('change', listener);
      if (onResync) this.emitter.off('resync', onResync);
    };
  }

  /** Tells every subscriber to refetch everything. */
  resync(): void {
    this.passed += 1;
    this.emitter.emit('resync');
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
