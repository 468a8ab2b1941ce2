import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { LocalFileStore } from '../files/file-store';
import { multipart } from '../test/multipart';
import { describeEachDatabase, type SignedIn } from '../test/test-app';

/** A real disk store whose deletes fail, as on a read-only or busy disk. */
class StubbornStore extends LocalFileStore {
  override async remove(): Promise<void> {
    throw new Error('EBUSY: resource busy');
  }
  override async removeFolder(): Promise<void> {
    throw new Error('EBUSY: resource busy');
  }
}

describeEachDatabase(
  'deleting a ticket for good whose files will not go',
  (ctx) => {
    let staff: SignedIn;
    beforeAll(async () => {
      staff = await ctx.loginAs('employee');
    });

    it('deleting for good removes the record anyway (spec §8)', async () => {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/tickets',
        headers: { cookie: staff.cookie },
        payload: { title: 'Замена SSD', client: { mode: 'new', fullName: 'Упрямый Диск' } },
      });
      const ticket = created.json<{ ticket: TicketDetailDto }>().ticket;
      const body = multipart([{ filename: 'a.txt', content: Buffer.from('a') }]);
      const uploaded = await ctx.app.inject({
        method: 'POST',
        url: `/api/tickets/${ticket.id}/files`,
        headers: { ...body.headers, cookie: staff.cookie },
        payload: body.payload,
      });
      expect(uploaded.statusCode).toBe(200);

      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/tickets/${ticket.id}`,
        headers: { cookie: staff.cookie, 'x-requested-with': 'fetch' },
      });
      expect(deleted.statusCode).toBe(204);
      const admin = await ctx.loginAs('admin');
      const purged = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/trash/ticket/${ticket.id}`,
        headers: { cookie: admin.cookie, 'x-requested-with': 'fetch' },
      });
      expect(purged.statusCode).toBe(204);
      const rows = await ctx.database.db
        .selectFrom('files')
        .select('id')
        .where('ticket_id', '=', ticket.id)
        .execute();
      expect(rows).toEqual([]);
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/tickets/${ticket.id}`,
            headers: { cookie: staff.cookie },
          })
        ).statusCode,
      ).toBe(404);
    });
  },
  { openFileStore: async (dataDir) => new StubbornStore(path.join(dataDir, 'files')) },
);
