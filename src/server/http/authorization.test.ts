import { beforeAll, expect, it } from 'vitest';
import {
  DEFAULT_PERMISSIONS,
  PERMISSIONS,
  SWITCHABLE_ROLES,
  type Permission,
  type SwitchableRole,
} from '../../domain/roles';
import { describeEachDatabase } from '../test/test-app';

/**
 * Who may call what: every route the app registers, for someone signed out, each role, and an
 * account the owner disabled. `ok` means the request got past the permission check (whatever
 * the handler then said, never a 5xx); 401 and 403 mean it was stopped there. A route missing
 * from this table fails the test. A route that needs a permission is also called with that
 * permission switched off and on for a role (issue 52): it follows the switch, and no other.
 */
type Outcome = 'ok' | 401 | 403;
type Who = 'signedOut' | SwitchableRole | 'admin' | 'disabled';
const WHO: readonly Who[] = ['signedOut', ...SWITCHABLE_ROLES, 'admin', 'disabled'];
type Row = Record<Who, Outcome> & {
  /** The permission the route needs, when it needs one. */
  needs?: Permission;
  /** Sent instead of the route's own method (the event stream answers HEAD without streaming). */
  probe?: 'HEAD';
  /** The call ends the session it is made with, so it gets a fresh one. */
  endsSession?: boolean;
};

const everyRole = { receptionist: 'ok', master: 'ok', employee: 'ok', admin: 'ok' } as const;
const anyone: Row = { signedOut: 'ok', ...everyRole, disabled: 'ok' };
const staff: Row = { signedOut: 401, ...everyRole, disabled: 401 };
const owners: Row = {
  signedOut: 401,
  receptionist: 403,
  master: 403,
  employee: 403,
  admin: 'ok',
  disabled: 401,
};
/** Allowed to the owner, and to a role whose default permissions hold `permission`. */
function needs(permission: Permission): Row {
  const byDefault = (role: SwitchableRole): Outcome =>
    DEFAULT_PERMISSIONS[role].includes(permission) ? 'ok' : 403;
  return {
    signedOut: 401,
    receptionist: byDefault('receptionist'),
    master: byDefault('master'),
    employee: byDefault('employee'),
    admin: 'ok',
    disabled: 401,
    needs: permission,
  };
}

const TABLE: Record<string, Row> = {
  'POST /api/auth/register': anyone,
  'GET /api/auth/first-run': anyone,
  'POST /api/auth/password-reset': anyone,
  'POST /api/auth/forgot-password': anyone,
  'PUT /api/me/password': staff,
  'POST /api/employees/:id/password-reset': owners,
  'POST /api/auth/login': anyone,
  'POST /api/auth/logout': { ...anyone, endsSession: true },
  'GET /api/me': staff,
  'PUT /api/me/profile': staff,
  'GET /api/users/options': staff,
  'GET /api/employees': owners,
  'PUT /api/employees/:id/role': owners,
  'PUT /api/employees/:id/access': owners,
  'GET /api/roles': owners,
  'PUT /api/roles/permission': owners,
  'GET /api/events': { ...staff, probe: 'HEAD' },
  'GET /api/clients': staff,
  'POST /api/clients': staff,
  'GET /api/clients/:id': staff,
  'PATCH /api/clients/:id': staff,
  'DELETE /api/clients/:id': needs('trash.delete'),
  'GET /api/clients/:id/links': staff,
  'GET /api/clients/:id/history': staff,
  'GET /api/clients/same-phone': staff,
  'GET /api/clients/:id/merge': staff,
  'POST /api/clients/:id/merge': owners,
  'POST /api/clients/:id/unmerge': owners,
  'GET /api/tickets/:id/history': staff,
  'GET /api/tasks/:id/history': staff,
  'GET /api/trash': staff,
  'POST /api/trash/:kind/:id/restore': staff,
  'DELETE /api/trash/:kind/:id': needs('trash.purge'),
  'DELETE /api/trash': needs('trash.purge'),
  'GET /api/tickets': staff,
  'GET /api/ticket-types': staff,
  'GET /api/devices/:serial': staff,
  'GET /api/repair-stages': staff,
  'POST /api/repair-stages': needs('settings'),
  'PATCH /api/repair-stages/:id': needs('settings'),
  'DELETE /api/repair-stages/:id': needs('settings'),
  'GET /api/tickets/:id/money': staff,
  'GET /api/tickets/:id/messages': staff,
  'POST /api/tickets/:id/telegram-link': staff,
  'POST /api/clients/:id/telegram/disconnect': staff,
  'POST /api/tickets/:id/lines': staff,
  'PATCH /api/tickets/:id/lines/:lineId': staff,
  'DELETE /api/tickets/:id/lines/:lineId': staff,
  'POST /api/tickets/:id/payments': needs('payments.take'),
  'POST /api/tickets/:id/refunds': needs('payments.refund'),
  'POST /api/tickets/:id/estimate': staff,
  'PUT /api/tickets/:id/payer': staff,
  'GET /api/payers': staff,
  'POST /api/payers': needs('settings'),
  'PATCH /api/payers/:id': needs('settings'),
  'DELETE /api/payers/:id': needs('settings'),
  'GET /api/payers/:id/statement': needs('reports'),
  'GET /api/export/payments.csv': needs('reports'),
  'GET /api/export/shifts.csv': needs('reports'),
  'GET /api/reports/takings': needs('reports'),
  'GET /api/reports/margin': needs('reports'),
  'GET /api/reports/margin/tickets': needs('reports'),
  'GET /api/reports/unpaid': needs('reports'),
  'GET /api/reports/models': needs('reports'),
  'GET /api/reports/durations': needs('reports'),
  'GET /api/reports/export': needs('reports'),
  'GET /api/pay/mine': staff,
  'GET /api/pay/people': needs('pay'),
  'PUT /api/pay/rules/:id': needs('pay'),
  'GET /api/pay/statements': needs('pay'),
  'GET /api/pay/statements/:id': needs('pay'),
  'POST /api/pay/statements/:id/paid': needs('pay'),
  'POST /api/pay/statements/:id/corrections': needs('pay'),
  'GET /api/pay/statements/:id/export': needs('pay'),
  'GET /api/cash/open': staff,
  'GET /api/cash/current': needs('cash.shift'),
  'POST /api/cash/shifts': needs('cash.shift'),
  'POST /api/cash/moves': needs('cash.shift'),
  'POST /api/cash/shifts/:id/close': needs('cash.shift'),
  'GET /api/cash/shifts': needs('cash.shift'),
  'GET /api/cash/shifts/:id': needs('cash.shift'),
  'GET /api/cash/takings': needs('cash.shift'),
  'GET /api/services': staff,
  'POST /api/services': needs('settings'),
  'PATCH /api/services/:id': needs('settings'),
  'DELETE /api/services/:id': needs('settings'),
  'GET /api/parts': staff,
  'GET /api/parts/barcode': staff,
  'GET /api/stock/places': staff,
  'GET /api/parts/:id': staff,
  'GET /api/parts/:id/moves': staff,
  'POST /api/parts': needs('stock.manage'),
  'PATCH /api/parts/:id': needs('stock.manage'),
  'DELETE /api/parts/:id': needs('stock.manage'),
  'GET /api/suppliers': staff,
  'POST /api/suppliers': needs('stock.manage'),
  'PATCH /api/suppliers/:id': needs('stock.manage'),
  'DELETE /api/suppliers/:id': needs('stock.manage'),
  'GET /api/stock/receipts': needs('stock.manage'),
  'GET /api/stock/receipts/:id': needs('stock.manage'),
  'POST /api/stock/receipts': needs('stock.manage'),
  'POST /api/stock/receipts/:id/reverse': needs('stock.manage'),
  'GET /api/stock/count-sheet': needs('stock.manage'),
  'POST /api/stock/counts': needs('stock.manage'),
  'POST /api/parts/import': needs('stock.manage'),
  'GET /api/export/purchase.csv': needs('stock.manage'),
  'POST /api/ticket-types': needs('settings'),
  'PATCH /api/ticket-types/:id': needs('settings'),
  'DELETE /api/ticket-types/:id': needs('settings'),
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
  'GET /find': anyone,
  'POST /find': anyone,
  'DELETE /api/tickets/:id': needs('trash.delete'),
  'POST /api/tickets/:id/files': staff,
  'POST /api/tickets/:id/pvz-photos': staff,
  'DELETE /api/tickets/:id/files/:fileId': staff,
  'GET /api/tasks': staff,
  'POST /api/tasks': staff,
  'GET /api/tasks/:id': staff,
  'PATCH /api/tasks/:id': staff,
  'DELETE /api/tasks/:id': needs('trash.delete'),
  'POST /api/tasks/:id/photos': staff,
  'DELETE /api/tasks/:id/photos/:fileId': staff,
  'GET /api/tickets/:id/comments': staff,
  'POST /api/tickets/:id/comments': staff,
  'GET /api/tasks/:id/comments': staff,
  'POST /api/tasks/:id/comments': staff,
  'PATCH /api/comments/:id': staff,
  'DELETE /api/comments/:id': staff,
  'GET /api/mentions': staff,
  'POST /api/sheet-import/preview': needs('settings'),
  'POST /api/sheet-import': needs('settings'),
  'GET /api/sheet-import': needs('settings'),
  'GET /api/sheet-import/:id': needs('settings'),
  'POST /api/sheet-import/:id/undo': needs('settings'),
  'POST /api/mentions/:id/read': staff,
  'GET /api/work': staff,
  'GET /api/work/counts': staff,
  'GET /api/dashboard': staff,
  'GET /api/export/work.csv': needs('export'),
  'GET /api/export/tickets.csv': needs('export'),
  'GET /api/export/tasks.csv': needs('export'),
  'GET /api/export/clients.csv': needs('export'),
  'GET /api/backups': needs('backups'),
  'POST /api/backups': needs('backups'),
  'GET /api/backups/:name': needs('backups'),
  'GET /api/files/:id': staff,
  'GET /api/files/:id/thumb': staff,
  'GET /api/push/public-key': staff,
  'PUT /api/push/subscription': staff,
  'DELETE /api/push/subscription': staff,
  'GET /api/settings/default-assignees': staff,
  'PUT /api/settings/default-assignees': owners,
  'GET /api/settings/invite-code': owners,
  'PUT /api/settings/invite-code': owners,
  'GET /api/settings/shop': staff,
  'PUT /api/settings/shop': needs('settings'),
  'GET /api/notices': needs('settings'),
  'PUT /api/notices': needs('settings'),
  'PUT /api/notices/secrets': needs('settings'),
  'POST /api/notices/test': needs('settings'),
  'GET /api/settings/shop/logo': staff,
  'GET /api/settings/message-templates': staff,
  'GET /api/settings/work-rules': staff,
  'PUT /api/settings/work-rules': needs('settings'),
  'PUT /api/settings/message-templates': needs('settings'),
  'POST /api/settings/shop/logo': needs('settings'),
  'DELETE /api/settings/shop/logo': needs('settings'),
  'GET /api/tickets/:id/documents/:kind': staff,
  'GET /api/tickets/:id/documents/:kind/pdf': staff,
  'GET /api/config': anyone,
  'GET /api/settings/public-address': needs('settings'),
  'PUT /api/settings/public-address': needs('settings'),
  'GET /api/address-check/:token': anyone,
  'GET /manifest.webmanifest': anyone,
};

/** Ids no record has: an allowed call then ends in 404, touching nothing. */
const NO_SUCH_ID = '987654';

describeEachDatabase('authorization: every route × who is calling × the permission switches', (ctx) => {
  const cookies = {} as Record<Who, string>;
  let ownerCookie = '';
  let disabledEmail = '';

  beforeAll(async () => {
    const admin = await ctx.loginAs('admin');
    ownerCookie = admin.cookie;
    const leaver = await ctx.loginAs('employee');
    disabledEmail = leaver.user.email;
    const disabled = await ctx.app.inject({
      method: 'PUT',
      url: `/api/employees/${leaver.user.id}/access`,
      headers: { cookie: admin.cookie },
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    Object.assign(cookies, { signedOut: '', admin: admin.cookie, disabled: leaver.cookie });
    for (const role of SWITCHABLE_ROLES) cookies[role] = (await ctx.loginAs(role)).cookie;
  });

  /** Sets the master's permissions as the owner does, one switch at a time. */
  async function letMaster(allowed: readonly Permission[]) {
    for (const permission of PERMISSIONS) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/roles/permission',
        headers: { cookie: ownerCookie, 'x-requested-with': 'fetch' },
        payload: { role: 'master', permission, allowed: allowed.includes(permission) },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  }

  async function call(route: string, row: Row, cookie: string) {
    const [method, pattern] = route.split(' ') as [string, string];
    const url = pattern.replace(/:id|:fileId/g, NO_SUCH_ID).replace(':kind', 'ticket');
    const sendsBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) && !row.probe;
    return ctx.app.inject({
      method: (row.probe ?? method) as 'GET',
      url,
      headers: { cookie, 'x-requested-with': 'fetch' },
      ...(sendsBody ? { payload: {} } : {}),
    });
  }

  function expectOutcome(response: Awaited<ReturnType<typeof call>>, expected: Outcome, who: string) {
    const label = `${who}: ${response.statusCode} ${response.body.slice(0, 120)}`;
    expect(response.statusCode, label).toBeLessThan(500);
    if (expected === 'ok') expect([401, 403], label).not.toContain(response.statusCode);
    else expect(response.statusCode, label).toBe(expected);
  }

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
      for (const who of WHO) {
        let cookie = cookies[who];
        if (row.endsSession && who !== 'signedOut' && who !== 'disabled') {
          const email = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
          cookie = (await ctx.signIn(email.json().user.email)).cookie;
        }
        expectOutcome(await call(route, row, cookie), row[who], who);
      }
      const needed = row.needs;
      if (!needed) return;
      // Every other permission on, this one off: refused. This one alone: allowed.
      await letMaster(PERMISSIONS.filter((permission) => permission !== needed));
      expectOutcome(await call(route, row, cookies.master), 403, `master without ${needed}`);
      await letMaster([needed]);
      expectOutcome(await call(route, row, cookies.master), 'ok', `master with only ${needed}`);
      await letMaster(DEFAULT_PERMISSIONS.master);
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
