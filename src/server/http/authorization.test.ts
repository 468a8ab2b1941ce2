import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/test-app';

/**
 * Who may call what: every route the app registers, for someone signed out, an
 * employee, an admin, and an account an admin disabled. `ok` means the request got
 * past the permission check (whatever the handler then said, never a 5xx); 401 and
 * 403 mean it was stopped there. A route missing from this table fails the test.
 */
type Outcome = 'ok' | 401 | 403;
type Who = 'signedOut' | 'employee' | 'admin' | 'disabled';
type Row = Record<Who, Outcome> & {
  /** Sent instead of the route's own method (the event stream answers HEAD without streaming). */
  probe?: 'HEAD';
  /** The call ends the session it is made with, so it gets a fresh one. */
  endsSession?: boolean;
};

const anyone: Row = { signedOut: 'ok', employee: 'ok', admin: 'ok', disabled: 'ok' };
const staff: Row = { signedOut: 401, employee: 'ok', admin: 'ok', disabled: 401 };
const admins: Row = { signedOut: 401, employee: 403, admin: 'ok', disabled: 401 };

const TABLE: Record<string, Row> = {
  'POST /api/auth/register': anyone,
  'GET /api/auth/first-run': anyone,
  'POST /api/auth/password-reset': anyone,
  'POST /api/auth/forgot-password': anyone,
  'PUT /api/me/password': staff,
  'POST /api/employees/:id/password-reset': admins,
  'POST /api/auth/login': anyone,
  'POST /api/auth/logout': { ...anyone, endsSession: true },
  'GET /api/me': staff,
  'PUT /api/me/profile': staff,
  'GET /api/users/options': staff,
  'GET /api/employees': admins,
  'PUT /api/employees/:id/role': admins,
  'PUT /api/employees/:id/access': admins,
  'GET /api/events': { ...staff, probe: 'HEAD' },
  'GET /api/clients': staff,
  'POST /api/clients': staff,
  'GET /api/clients/:id': staff,
  'PATCH /api/clients/:id': staff,
  'DELETE /api/clients/:id': staff,
  'GET /api/clients/:id/links': staff,
  'GET /api/clients/:id/history': staff,
  'GET /api/clients/same-phone': staff,
  'GET /api/clients/:id/merge': staff,
  'POST /api/clients/:id/merge': admins,
  'POST /api/clients/:id/unmerge': admins,
  'GET /api/tickets/:id/history': staff,
  'GET /api/tasks/:id/history': staff,
  'GET /api/trash': staff,
  'POST /api/trash/:kind/:id/restore': staff,
  'DELETE /api/trash/:kind/:id': admins,
  'DELETE /api/trash': admins,
  'GET /api/tickets': staff,
  'GET /api/ticket-types': staff,
  'GET /api/devices/:serial': staff,
  'GET /api/repair-stages': staff,
  'POST /api/repair-stages': admins,
  'PATCH /api/repair-stages/:id': admins,
  'DELETE /api/repair-stages/:id': admins,
  'GET /api/tickets/:id/money': staff,
  'POST /api/tickets/:id/lines': staff,
  'PATCH /api/tickets/:id/lines/:lineId': staff,
  'DELETE /api/tickets/:id/lines/:lineId': staff,
  'POST /api/tickets/:id/payments': staff,
  'POST /api/tickets/:id/estimate': staff,
  'PUT /api/tickets/:id/payer': staff,
  'GET /api/payers': staff,
  'POST /api/payers': admins,
  'PATCH /api/payers/:id': admins,
  'DELETE /api/payers/:id': admins,
  'GET /api/payers/:id/statement': admins,
  'GET /api/export/payments.csv': admins,
  'GET /api/export/shifts.csv': admins,
  'GET /api/cash/current': staff,
  'POST /api/cash/shifts': staff,
  'POST /api/cash/moves': staff,
  'POST /api/cash/shifts/:id/close': staff,
  'GET /api/cash/shifts': staff,
  'GET /api/cash/shifts/:id': staff,
  'GET /api/cash/takings': staff,
  'GET /api/services': staff,
  'POST /api/services': admins,
  'PATCH /api/services/:id': admins,
  'DELETE /api/services/:id': admins,
  'GET /api/parts': staff,
  'GET /api/parts/barcode': staff,
  'GET /api/stock/places': staff,
  'GET /api/parts/:id': staff,
  'GET /api/parts/:id/moves': staff,
  'POST /api/parts': admins,
  'PATCH /api/parts/:id': admins,
  'DELETE /api/parts/:id': admins,
  'GET /api/suppliers': staff,
  'POST /api/suppliers': admins,
  'PATCH /api/suppliers/:id': admins,
  'DELETE /api/suppliers/:id': admins,
  'GET /api/stock/receipts': admins,
  'GET /api/stock/receipts/:id': admins,
  'POST /api/stock/receipts': admins,
  'POST /api/stock/receipts/:id/reverse': admins,
  'GET /api/stock/count-sheet': admins,
  'POST /api/stock/counts': admins,
  'POST /api/parts/import': admins,
  'GET /api/export/purchase.csv': admins,
  'POST /api/ticket-types': admins,
  'PATCH /api/ticket-types/:id': admins,
  'DELETE /api/ticket-types/:id': admins,
  'GET /api/tickets/legacy-statuses': staff,
  'POST /api/tickets': staff,
  'GET /api/tickets/:id': staff,
  'PATCH /api/tickets/:id': staff,
  'POST /api/tickets/:id/step': staff,
  'POST /api/tickets/:id/reopen': staff,
  'POST /api/tickets/:id/warranty-return': staff,
  'POST /api/tickets/:id/status-link': staff,
  'POST /api/tickets/:id/messages': staff,
  'GET /s/:token': anyone,
  'GET /s/:token/': anyone,
  // The client's answer to the estimate: the page's token is the key (issue 50).
  'POST /s/:token/estimate': anyone,
  'DELETE /api/tickets/:id': staff,
  'POST /api/tickets/:id/files': staff,
  'POST /api/tickets/:id/pvz-photos': staff,
  'DELETE /api/tickets/:id/files/:fileId': staff,
  'GET /api/tasks': staff,
  'POST /api/tasks': staff,
  'GET /api/tasks/:id': staff,
  'PATCH /api/tasks/:id': staff,
  'DELETE /api/tasks/:id': staff,
  'POST /api/tasks/:id/photos': staff,
  'DELETE /api/tasks/:id/photos/:fileId': staff,
  'GET /api/work': staff,
  'GET /api/work/counts': staff,
  'GET /api/dashboard': staff,
  'GET /api/export/work.csv': staff,
  'GET /api/export/tickets.csv': staff,
  'GET /api/export/tasks.csv': staff,
  'GET /api/export/clients.csv': staff,
  'GET /api/backups': admins,
  'POST /api/backups': admins,
  'GET /api/backups/:name': admins,
  'GET /api/files/:id': staff,
  'GET /api/files/:id/thumb': staff,
  'GET /api/push/public-key': staff,
  'PUT /api/push/subscription': staff,
  'DELETE /api/push/subscription': staff,
  'GET /api/settings/default-assignees': staff,
  'PUT /api/settings/default-assignees': admins,
  'GET /api/settings/invite-code': admins,
  'PUT /api/settings/invite-code': admins,
  'GET /api/settings/shop': staff,
  'PUT /api/settings/shop': admins,
  'GET /api/settings/shop/logo': staff,
  'GET /api/settings/message-templates': staff,
  'GET /api/settings/work-rules': staff,
  'PUT /api/settings/work-rules': admins,
  'PUT /api/settings/message-templates': admins,
  'POST /api/settings/shop/logo': admins,
  'DELETE /api/settings/shop/logo': admins,
  'GET /api/tickets/:id/documents/:kind': staff,
  'GET /api/tickets/:id/documents/:kind/pdf': staff,
  'GET /api/config': anyone,
  'GET /api/settings/public-address': admins,
  'PUT /api/settings/public-address': admins,
  'GET /api/address-check/:token': anyone,
  'GET /manifest.webmanifest': anyone,
};

/** Ids no record has: an allowed call then ends in 404, touching nothing. */
const NO_SUCH_ID = '987654';

describeEachDatabase('authorization: every route × who is calling', (ctx) => {
  const cookies = {} as Record<Who, string>;
  let disabledEmail = '';

  beforeAll(async () => {
    const admin = await ctx.loginAs('admin');
    const employee = await ctx.loginAs('employee');
    const leaver = await ctx.loginAs('employee');
    disabledEmail = leaver.user.email;
    const disabled = await ctx.app.inject({
      method: 'PUT',
      url: `/api/employees/${leaver.user.id}/access`,
      headers: { cookie: admin.cookie },
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    Object.assign(cookies, {
      signedOut: '',
      employee: employee.cookie,
      admin: admin.cookie,
      disabled: leaver.cookie,
    });
  });

  it('the table names every registered route, and no route it does not have', () => {
    const registered = new Set(ctx.app.routeList);
    // HEAD is added by Fastify for every GET and answers the same way.
    const own = [...registered].filter(
      (r) => !(r.startsWith('HEAD ') && registered.has(`GET ${r.slice(5)}`)),
    );
    expect(own.sort()).toEqual(Object.keys(TABLE).sort());
  });

  for (const [route, row] of Object.entries(TABLE)) {
    it(route, async () => {
      const [method, pattern] = route.split(' ') as [string, string];
      const url = pattern.replace(/:id|:fileId/g, NO_SUCH_ID).replace(':kind', 'ticket');
      for (const who of ['signedOut', 'employee', 'admin', 'disabled'] as const) {
        let cookie = cookies[who];
        if (row.endsSession && (who === 'employee' || who === 'admin')) {
          const email = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
          cookie = (await ctx.signIn(email.json().user.email)).cookie;
        }
        const sendsBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) && !row.probe;
        const response = await ctx.app.inject({
          method: (row.probe ?? method) as 'GET',
          url,
          headers: { cookie, 'x-requested-with': 'fetch' },
          ...(sendsBody ? { payload: {} } : {}),
        });
        const expected = row[who];
        const label = `${who}: ${response.statusCode} ${response.body.slice(0, 120)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (expected === 'ok') expect([401, 403], label).not.toContain(response.statusCode);
        else expect(response.statusCode, label).toBe(expected);
      }
    });
  }

  it('a disabled account cannot sign back in', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: disabledEmail, password: 'correct horse battery' },
    });
    expect(response.statusCode).toBe(403);
  });
});
