import { beforeAll, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS, PERMISSIONS, missingPermissionMessage } from '../../domain/roles';
import type { PartDto } from '../../domain/stock';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

/** Issue 52: four roles, each switchable role's permissions, and what follows a switch. */
describeEachDatabase('roles and their permissions', (ctx) => {
  let owner: SignedIn;
  let receptionist: SignedIn;
  let master: SignedIn;
  const call = apiCaller(ctx, () => owner);
  const me = async (who: SignedIn) => (await call('GET', '/api/me', undefined, who)).json().user;
  const allow = (role: string, permission: string, allowed: boolean) =>
    call('PUT', '/api/roles/permission', { role, permission, allowed });

  beforeAll(async () => {
    owner = await ctx.loginAs('admin');
    receptionist = await ctx.loginAs('receptionist');
    master = await ctx.loginAs('master');
  });

  it('tells each person what their role allows; the owner has every permission', async () => {
    expect((await me(owner)).permissions).toEqual([...PERMISSIONS]);
    expect((await me(receptionist)).permissions).toEqual(
      PERMISSIONS.filter((p) => DEFAULT_PERMISSIONS.receptionist.includes(p)),
    );
    expect((await me(master)).permissions).toEqual([]);
    const table = await call('GET', '/api/roles');
    expect(table.json().roles.employee).toEqual(
      PERMISSIONS.filter((p) => DEFAULT_PERMISSIONS.employee.includes(p)),
    );
  });

  it('a switch applies to the very next request of everyone with that role, without signing in again', async () => {
    const ticket = (
      await call('POST', '/api/tickets', {
        title: 'Гарантийный ремонт',
        intake: 'walk_in',
        client: { mode: 'new', fullName: 'Правов Пётр' },
      })
    ).json<{ ticket: TicketDetailDto }>().ticket;
    const payment = { kind: 'payment', method: 'cash', amount: 1000 };
    const refund = { kind: 'refund', method: 'cash', amount: 500, note: 'Скидка' };

    const refused = await call('POST', `/api/tickets/${ticket.id}/payments`, payment, master);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(missingPermissionMessage('payments.take'));

    expect((await allow('master', 'payments.take', true)).statusCode).toBe(200);
    expect((await call('POST', `/api/tickets/${ticket.id}/payments`, payment, master)).statusCode).toBe(201);
    expect((await me(master)).permissions).toEqual(['payments.take']);
    // Taking money is not giving it back.
    const noRefund = await call('POST', `/api/tickets/${ticket.id}/refunds`, refund, master);
    expect(noRefund.statusCode).toBe(403);
    expect(noRefund.json().error.message).toBe(missingPermissionMessage('payments.refund'));
    // A refund sent as a payment (a page from before the split) is refused, not recorded as one.
    const disguised = await call('POST', `/api/tickets/${ticket.id}/payments`, refund, master);
    expect(disguised.statusCode).toBe(400);
    const money = (await call('GET', `/api/tickets/${ticket.id}/money`)).json().money;
    expect(money.paid).toBe(1000);

    expect((await allow('master', 'payments.take', false)).statusCode).toBe(200);
    expect((await call('POST', `/api/tickets/${ticket.id}/payments`, payment, master)).statusCode).toBe(403);
  });

  it('purchase prices come with «Склад», and go with it', async () => {
    const created = await call('POST', '/api/parts', { name: 'Шлейф матрицы', unit: 'шт', price: 90000 });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ part: PartDto }>().part.id;
    await call('POST', '/api/stock/receipts', { lines: [{ partId: id, quantity: 2, cost: 40000 }] });
    const seen = async () => (await call('GET', `/api/parts/${id}`, undefined, receptionist)).json().part;
    expect(await seen()).toMatchObject({ onHand: 2, avgCost: null, lastCost: null });
    await allow('receptionist', 'stock.manage', true);
    expect(await seen()).toMatchObject({ avgCost: 40000, lastCost: 40000 });
    await allow('receptionist', 'stock.manage', false);
    expect(await seen()).toMatchObject({ avgCost: null });
  });

  it('the owner’s own permissions cannot be switched, nor an unknown one; only the owner switches', async () => {
    const ownerRole = await allow('admin', 'settings', false);
    expect(ownerRole.statusCode).toBe(400);
    expect(ownerRole.json().error.message).toBe('Права владельца не меняются');
    expect((await allow('master', 'fly', true)).statusCode).toBe(400);
    const byOther = await call(
      'PUT',
      '/api/roles/permission',
      { role: 'master', permission: 'settings', allowed: true },
      receptionist,
    );
    expect(byOther.statusCode).toBe(403);
    expect((await me(master)).permissions).toEqual([]);
  });

  it('switching a cell twice, or two cells at once, leaves each as last set', async () => {
    await Promise.all([
      allow('master', 'export', true),
      allow('master', 'export', true),
      allow('master', 'backups', true),
    ]);
    expect((await call('GET', '/api/roles')).json().roles.master).toEqual(['export', 'backups']);
    await Promise.all([allow('master', 'export', false), allow('master', 'backups', false)]);
    expect((await call('GET', '/api/roles')).json().roles.master).toEqual([]);
  });

  it('a person gets any of the four roles, and what it allows on signing in again', async () => {
    const person = await ctx.register();
    for (const role of ['receptionist', 'master', 'employee', 'admin'] as const) {
      const changed = await call('PUT', `/api/employees/${person.user.id}/role`, { role });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().user.role).toBe(role);
    }
    await call('PUT', `/api/employees/${person.user.id}/role`, { role: 'receptionist' });
    const again = await ctx.signIn(person.user.email, person.password);
    expect(again.user).toMatchObject({
      role: 'receptionist',
      permissions: (await me(receptionist)).permissions,
    });
  });
});
