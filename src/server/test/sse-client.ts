import type { ChangeEvent } from '../../domain/live-events';

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/** A real EventSource-like reader over fetch, for tests: collects events and waits for them. */
export class SseClient {
  readonly events: SseEvent[] = [];
  closed = false;
  private waiters: (() => void)[] = [];

  private constructor(
    readonly status: number,
    private readonly controller: AbortController,
  ) {}

  static async open(url: string, cookie?: string): Promise<SseClient> {
    const controller = new AbortController();
    const response = await fetch(url, { headers: cookie ? { cookie } : {}, signal: controller.signal });
    const client = new SseClient(response.status, controller);
    if (!response.ok || !response.body) client.closed = true;
    else void client.read(response.body);
    return client;
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = body.getReader();
    try {
      for (;;) {
        const { value: chunk, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1];
          const id = /^id: (.*)$/m.exec(block)?.[1];
          if (data !== undefined) this.events.push({ event, data, ...(id === undefined ? {} : { id }) });
          this.notify();
        }
      }
    } catch {
      // aborted
    }
    this.closed = true;
    this.notify();
  }

  private notify() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Waits until a change event matching `match` has arrived (or fails after `ms`). */
  async waitFor(match: (event: ChangeEvent) => boolean, ms = 3000): Promise<ChangeEvent> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.events
        .filter((e) => e.event === 'change')
        .map((e) => JSON.parse(e.data) as ChangeEvent)
        .find(match);
      if (found) return found;
      if (this.closed || Date.now() > deadline)
        throw new Error(`no matching event; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  /** Waits until an event named `name` has arrived (or fails after `ms`). */
  async waitForNamed(name: string, ms = 3000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.events.some((e) => e.event === name)) {
      if (this.closed || Date.now() > deadline)
        throw new Error(`no ${name} event; got ${JSON.stringify(this.events)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async waitClosed(ms = 3000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('stream still open');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close() {
    this.controller.abort();
  }
}
