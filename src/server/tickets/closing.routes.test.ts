import { beforeAll, expect, it } from 'vitest';
import type { TicketDocument } from '../../domain/ticket-documents';
import type { TicketDetailDto } from '../../domain/ticket-schemas';
import {
  CLOSED_LOCK_MESSAGE,
  REOPEN_NEEDED_MESSAGE,
  SUMMARY_REQUIRED_MESSAGE,
} from '../../domain/ticket-closing';
import { EMPTY_SHOP_PROFILE, type ShopProfileValues } from '../../domain/shop-profile';
import { multipart } from '../test/multipart';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';

// «Закрыта» stays closed (issue 49): closing needs the repair summary, a closed ticket changes
// only by «Открыть заново» with a reason, and its papers print what they printed at closing.

describeEachDatabase('closing a ticket', (ctx) => {
  let staff: SignedIn;
  let admin: SignedIn;
  const call = apiCaller(ctx, () => staff);
  const ticketOf = (response: { json: () => unknown }) =>
    (response.json() as { ticket: TicketDetailDto }).ticket;
  const errorOf = (response: { json: () => unknown }) =>
    (response.json() as { error: { message: string } }).error.message;

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    staff = await ctx.loginAs('employee');
  });

  /** A walk-in brought up to «Оповестить клиента», one step from «Закрыта». */
  async function readyToClose(summary = ''): Promise<TicketDetailDto> {
    const created = await call('POST', '/api/tickets', {
      title: 'Замена SSD',
      intake: 'walk_in',
      client: { mode: 'new', fullName: 'Закрытов Захар', phone: '8 912 111-22-33' },
    });
    let ticket = ticketOf(created);
    if (summary) {
      ticket = ticketOf(await call('PATCH', `/api/tickets/${ticket.id}`, { repairSummary: summary }));
    }
    while (ticket.status !== 'notify_client') {
      const stepped = await call('POST', `/api/tickets/${ticket.id}/step`, {
        direction: 'forward',
        expectedStatus: ticket.status,
      });
      expect(stepped.statusCode, stepped.body).toBe(200);
      ticket = ticketOf(stepped);
    }
    return ticket;
  }

  const close = (ticket: TicketDetailDto, extra: object = {}) =>
    call('POST', `/api/tickets/${ticket.id}/step`, {
      direction: 'forward',
      expectedStatus: ticket.status,
      ...extra,
    });

  it('refuses to close without a repair summary and closes with the one typed in the dialog', async () => {
    const ticket = await readyToClose();
    for (const extra of [{}, { repairSummary: '   ' }]) {
      const refused = await close(ticket, extra);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toBe(SUMMARY_REQUIRED_MESSAGE);
    }
    expect(ticketOf(await call('GET', `/api/tickets/${ticket.id}`)).status).toBe('notify_client');

    const closed = ticketOf(await close(ticket, { repairSummary: 'Заменён SSD на 512 ГБ' }));
    expect(closed).toMatchObject({ status: 'closed', repairSummary: 'Заменён SSD на 512 ГБ' });
    expect(closed.closedAt).not.toBeNull();
    expect(closed.reopensTo).toBe('notify_client');
    expect(closed.history.slice(0, 2).map((h) => h.action)).toEqual(['status_change', 'edit_repair_summary']);
  });

  it('closes with the summary already on the card', async () => {
    const ticket = await readyToClose('Почищено от пыли');
    const closed = await close(ticket);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(ticketOf(closed).repairSummary).toBe('Почищено от пыли');
  });

  it('keeps a closed ticket read-only: edits, files and the step back are refused', async () => {
    const closed = ticketOf(await close(await readyToClose('Готово')));
    const edit = await call('PATCH', `/api/tickets/${closed.id}`, { description: 'Дописать' });
    expect(edit.statusCode).toBe(409);
    expect(errorOf(edit)).toBe(CLOSED_LOCK_MESSAGE);

    const body = multipart([{ filename: 'act.txt', type: 'text/plain', content: Buffer.from('x') }]);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/tickets/${closed.id}/files`,
      headers: { ...body.headers, cookie: staff.cookie },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(409);
    expect(errorOf(upload)).toBe(CLOSED_LOCK_MESSAGE);

    const back = await call('POST', `/api/tickets/${closed.id}/step`, {
      direction: 'back',
      expectedStatus: 'closed',
    });
    expect(back.statusCode).toBe(409);
    expect(errorOf(back)).toBe(REOPEN_NEEDED_MESSAGE);

    const after = ticketOf(await call('GET', `/api/tickets/${closed.id}`));
    expect(after).toMatchObject({ status: 'closed', description: '', version: closed.version });
    expect(after.attachments).toEqual([]);
  });

  it('reopens with a reason into the status it was closed from, once', async () => {
    const closed = ticketOf(await close(await readyToClose('Готово')));
    const noReason = await call('POST', `/api/tickets/${closed.id}/reopen`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason)).toBe('Укажите, почему заявку открывают заново');

    // Two people press «Открыть заново» at once: one reopens, the other is told it changed.
    const answers = await Promise.all([
      call('POST', `/api/tickets/${closed.id}/reopen`, { reason: 'Клиент вернулся: снова шумит' }),
      call('POST', `/api/tickets/${closed.id}/reopen`, { reason: 'Второй раз' }, admin),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const reopened = ticketOf(await call('GET', `/api/tickets/${closed.id}`));
    expect(reopened).toMatchObject({ status: 'notify_client', closedAt: null, reopensTo: null });
    const reopening = reopened.history.filter((h) => h.action === 'reopen');
    expect(reopening).toHaveLength(1);
    expect(reopening[0]).toMatchObject({ oldValue: 'Закрыта', newValue: 'Оповестить клиента' });
    expect(['Клиент вернулся: снова шумит', 'Второй раз']).toContain(reopening[0]!.note);

    const edit = await call('PATCH', `/api/tickets/${closed.id}`, { description: 'Теперь можно' });
    expect(edit.statusCode, edit.body).toBe(200);
  });

  it('refuses to reopen a ticket that is not closed', async () => {
    const open = await readyToClose();
    const refused = await call('POST', `/api/tickets/${open.id}/reopen`, { reason: 'Просто так' });
    expect(refused.statusCode).toBe(409);
    expect(ticketOf(refused).status).toBe('notify_client');
  });

  it('prints a closed ticket as it was at closing, and as it is after reopening', async () => {
    const saveShop = async (name: string) => {
      const current = (await call('GET', '/api/settings/shop', undefined, admin)).json() as {
        profile: ShopProfileValues & { version: number };
      };
      const fields = Object.fromEntries(
        Object.keys(EMPTY_SHOP_PROFILE).map((key) => [key, current.profile[key as keyof ShopProfileValues]]),
      );
      const saved = await call(
        'PUT',
        '/api/settings/shop',
        { ...fields, version: current.profile.version, name },
        admin,
      );
      expect(saved.statusCode, saved.body).toBe(200);
    };
    await saveShop('Мастерская «До»');
    const closed = ticketOf(await close(await readyToClose('Заменён разъём')));

    // After closing: the client's phone and the shop's name change.
    const client = (await call('GET', `/api/clients/${closed.clientId}`)).json() as {
      client: { version: number };
    };
    const phone = await call('PATCH', `/api/clients/${closed.clientId}`, {
      version: client.client.version,
      phone: '8 999 000-00-00',
    });
    expect(phone.statusCode, phone.body).toBe(200);
    await saveShop('Мастерская «После»');

    const act = async () =>
      (
        (await call('GET', `/api/tickets/${closed.id}/documents/act`, undefined, admin)).json() as {
          document: TicketDocument;
        }
      ).document;
    const printed = await act();
    expect(printed.shop.name).toBe('Мастерская «До»');
    const phoneField = printed.sections[0]!.fields.find((f) => f.label === 'Телефон');
    expect(phoneField?.value).toBe('+7 912 111-22-33');
    // The act is signed by who handed the device over, not by who reprints it.
    expect(printed.signatures[0]).toEqual({ role: 'Выдал (сотрудник)', name: staff.user.displayName });

    await call('POST', `/api/tickets/${closed.id}/reopen`, { reason: 'Исправить телефон в акте' });
    const reprinted = await act();
    expect(reprinted.shop.name).toBe('Мастерская «После»');
    expect(reprinted.sections[0]!.fields.find((f) => f.label === 'Телефон')?.value).toBe('+7 999 000-00-00');
  });
});
