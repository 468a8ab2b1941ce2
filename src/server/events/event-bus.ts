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
  close(): Promise<void>;
}

/** One process (SQLite): an in-memory emitter. */
export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open browser tab; hundreds are normal.
    this.emitter.setMaxListeners(0);
  }

  publish(event: ChangeEvent): void {
    this.emitter.emit('change', event);
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
    this.emitter.emit('resync');
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
