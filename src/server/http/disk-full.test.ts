import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { apiCaller, describeEachDatabase, type SignedIn, TEST_PASSWORD } from '../test/test-app';
import { DISK_FULL_MESSAGE } from './error-handler';

// Issue 48: on a full disk uploads had a clear 507, but saves and sign-in got «Внутренняя ошибка
// сервера». Each database refuses for real: SQLite past its page limit (SQLITE_FULL), PostgreSQL
// with its disk_full error (53100, raised by a trigger as a full disk would).
describeEachDatabase('a full disk', (ctx) => {
  let admin: SignedIn;
  let ticket: TicketDetailDto;
  const call = apiCaller(ctx, () => admin);

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    const created = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      client: { mode: 'new', fullName: 'Дисков Денис' },
    });
    ticket = created.json<{ ticket: TicketDetailDto }>().ticket;
  });

  async function withFullDisk(run: () => Promise<void>) {
    if (ctx.dialect === 'sqlite') {
      const sqlite = ctx.database.sqlite!;
      const pages = Number(sqlite.pragma('page_count', { simple: true }));
      sqlite.pragma(`max_page_count = ${pages}`);
      try {
        await run();
      } finally {
        sqlite.pragma('max_page_count = 4294967294');
      }
      return;
    }
    const db = ctx.database.db;
    await sql`create or replace function glz_disk_full() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(
      db,
    );
    await sql`create trigger glz_disk_full_tickets before update on tickets for each row execute function glz_disk_full()`.execute(
      db,
    );
    await sql`create trigger glz_disk_full_sessions before insert on sessions for each row execute function glz_disk_full()`.execute(
      db,
    );
    try {
      await run();
    } finally {
      await sql`drop trigger glz_disk_full_tickets on tickets`.execute(db);
      await sql`drop trigger glz_disk_full_sessions on sessions`.execute(db);
    }
  }

  it('a save and a sign-in are refused with a clear message; nothing half-saved', async () => {
    await withFullDisk(async () => {
      // Long enough to need new pages of the database file.
      const saved = await call('PATCH', `/api/tickets/${ticket.id}`, {
        description: 'очень подробно '.repeat(330).trim(),
      });
      expect(saved.statusCode, saved.body).toBe(507);
      expect(saved.json().error).toEqual({ code: 'insufficient_storage', message: DISK_FULL_MESSAGE });
      if (ctx.dialect === 'postgres') {
        const signIn = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: admin.user.email, password: TEST_PASSWORD },
        });
        expect(signIn.statusCode, signIn.body).toBe(507);
        expect(signIn.json().error.message).toBe(DISK_FULL_MESSAGE);
      }
    });
    const after = await call('GET', `/api/tickets/${ticket.id}`);
    expect(after.json<{ ticket: TicketDetailDto }>().ticket.description).toBe(ticket.description);
  });
});
