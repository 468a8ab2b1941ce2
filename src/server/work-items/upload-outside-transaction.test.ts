import path from 'node:path';
import { expect, it } from 'vitest';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { LocalFileStore } from '../files/file-store';
import { multipart } from '../test/multipart';
import { describeEachDatabase } from '../test/test-app';

/** A real disk store whose moves wait until released, as a slow S3 bucket's PUT does. */
class HeldStore extends LocalFileStore {
  private waiting: (() => void)[] = [];
  held = 0;
  override async moveIn(tempPath: string, key: string): Promise<void> {
    this.held += 1;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return super.moveIn(tempPath, key);
  }
  release() {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

let store: HeldStore;

// Issue 23: an upload sends its files to the store before its transaction, so a slow bucket
// never holds the database (SQLite's one writer, a PostgreSQL connection) from everyone else.

describeEachDatabase(
  'an upload waiting on the file store',
  (ctx) => {
    it('does not hold up other people’s saves', async () => {
      const admin = await ctx.loginAs('admin');
      const headers = { cookie: admin.cookie, 'x-requested-with': 'fetch' };
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/tickets',
        headers,
        payload: { title: 'Замена SSD', client: { mode: 'new', fullName: 'Медленнов Марк' } },
      });
      const { ticket } = created.json<{ ticket: TicketDetailDto }>();
      const body = multipart([
        { filename: 'акт.pdf', content: Buffer.from('%PDF-1.4 акт'), type: 'application/pdf' },
      ]);
      const upload = ctx.app.inject({
        method: 'POST',
        url: `/api/tickets/${ticket.id}/files`,
        headers: { ...body.headers, cookie: admin.cookie },
        payload: body.payload,
      });
      await expect.poll(() => store.held).toBe(1);
      // Meanwhile someone else saves: it goes through at once.
      const other = await ctx.app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers,
        payload: { title: 'Позвонить' },
      });
      expect(other.statusCode).toBe(201);
      store.release();
      const done = await upload;
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json<{ ticket: TicketDetailDto }>().ticket.attachments.map((file) => file.name)).toEqual([
        'акт.pdf',
      ]);
    });
  },
  {
    openFileStore: async (dataDir) => {
      store = new HeldStore(path.join(dataDir, 'files'));
      return store;
    },
  },
);
