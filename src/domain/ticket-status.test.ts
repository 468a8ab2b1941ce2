import { describe, expect, it } from 'vitest';
import {
  ALL_TICKET_STATUSES,
  canSwitchIntake,
  neighbour,
  providerPickerFor,
  showsPvzPhotos,
  step,
  ticketBadgeLabel,
  TICKET_PIPELINE,
  TICKET_STATUS_LABELS,
  WALK_IN_ROUTE,
  ticketStatusLabel,
  type StepResult,
  type TicketStatus,
} from './ticket-status';

type Row = [TicketStatus, 'forward' | 'back', StepResult];
const ok = (status: string) => ({ ok: true, status }) as StepResult;
const no = (reason: string) => ({ ok: false, reason }) as StepResult;

// Expected result with BOTH providers chosen; the guard cases are checked separately below.
const WITH_PROVIDERS: Row[] = [
  ['new', 'back', no('at_start')],
  ['new', 'forward', ok('delivery_requested')],
  ['delivery_requested', 'back', ok('new')],
  ['delivery_requested', 'forward', ok('at_pvz')],
  ['at_pvz', 'back', ok('delivery_requested')],
  ['at_pvz', 'forward', ok('in_repair')],
  ['in_repair', 'back', ok('at_pvz')],
  ['in_repair', 'forward', ok('repair_done')],
  ['repair_done', 'back', ok('in_repair')],
  ['repair_done', 'forward', ok('to_pvz')],
  ['to_pvz', 'back', ok('repair_done')],
  ['to_pvz', 'forward', ok('delivery_to_client')],
  ['delivery_to_client', 'back', ok('to_pvz')],
  ['delivery_to_client', 'forward', ok('notify_client')],
  ['notify_client', 'back', ok('delivery_to_client')],
  ['notify_client', 'forward', ok('closed')],
  ['closed', 'back', ok('notify_client')],
  ['closed', 'forward', no('at_end')],
  // Legacy values step to the nearest pipeline status that way.
  ['picked_from_pvz', 'back', ok('at_pvz')],
  ['picked_from_pvz', 'forward', ok('in_repair')],
  ['return_delivery_requested', 'back', ok('repair_done')],
  ['return_delivery_requested', 'forward', ok('to_pvz')],
  ['returned', 'back', ok('delivery_to_client')],
  ['returned', 'forward', ok('notify_client')],
];

/** Which forward steps need which provider; everything else needs none. */
function needs(status: TicketStatus, direction: 'forward' | 'back'): 'delivery' | 'return' | null {
  if (direction === 'back') return null;
  if (status === 'delivery_requested') return 'delivery';
  if (status === 'repair_done' || status === 'return_delivery_requested') return 'return';
  return null;
}

describe('step: every status x direction x provider presence', () => {
  it('covers every status in both directions', () => {
    const covered = new Set(WITH_PROVIDERS.map(([s, d]) => `${s}:${d}`));
    expect(covered.size).toBe(ALL_TICKET_STATUSES.length * 2);
  });

  for (const [status, direction, expected] of WITH_PROVIDERS) {
    for (const delivery of [null, 'cdek'] as const) {
      for (const ret of [null, 'ozon'] as const) {
        const need = needs(status, direction);
        const refused =
          (need === 'delivery' && !delivery) || (need === 'return' && !ret)
            ? no(need === 'delivery' ? 'provider_required' : 'return_provider_required')
            : expected;
        it(`${status} ${direction} (incoming ${delivery ?? '—'}, return ${ret ?? '—'})`, () => {
          expect(
            step({ status, intake: 'pvz', deliveryProvider: delivery, returnProvider: ret }, direction),
          ).toEqual(refused);
        });
      }
    }
  }

  it('treats an unknown provider value as missing', () => {
    expect(
      step(
        { status: 'delivery_requested', intake: 'pvz', deliveryProvider: 'dhl', returnProvider: null },
        'forward',
      ),
    ).toEqual(no('provider_required'));
  });
});

describe('badge and pickers', () => {
  it.each([
    ['at_pvz', 'Прибыл в ПВЗ · СДЭК'],
    ['to_pvz', 'Отнести в ПВЗ · Озон'],
    ['delivery_to_client', 'Доставка до клиента · Озон'],
    ['notify_client', 'Оповестить клиента · Озон'],
    ['in_repair', 'В ремонте'],
    ['closed', 'Закрыта'],
    ['returned', 'Возвращён'],
  ] as [TicketStatus, string][])('%s -> %s', (status, label) => {
    expect(
      ticketBadgeLabel({ status, intake: 'pvz', deliveryProvider: 'cdek', returnProvider: 'ozon' }),
    ).toBe(label);
  });

  it('shows the status alone when the provider is not chosen', () => {
    expect(
      ticketBadgeLabel({ status: 'at_pvz', intake: 'pvz', deliveryProvider: null, returnProvider: null }),
    ).toBe('Прибыл в ПВЗ');
  });

  it('labels every status in Russian', () => {
    for (const status of ALL_TICKET_STATUSES) expect(TICKET_STATUS_LABELS[status]).toMatch(/^[А-ЯЁ]/);
  });

  it('shows pickers and the photo block only in their statuses', () => {
    const pickers = ALL_TICKET_STATUSES.filter((s) => providerPickerFor(s) !== null);
    expect(pickers).toEqual(['delivery_requested', 'repair_done', 'return_delivery_requested']);
    expect(providerPickerFor('delivery_requested')).toBe('deliveryProvider');
    expect(providerPickerFor('repair_done')).toBe('returnProvider');
    // Its step forward needs the return provider, so a legacy ticket without one is not stuck.
    expect(providerPickerFor('return_delivery_requested')).toBe('returnProvider');
    expect(ALL_TICKET_STATUSES.filter(showsPvzPhotos)).toEqual(['at_pvz']);
  });
});

describe('walk-in route (issue 18): no delivery steps either way', () => {
  const walkIn = (status: TicketStatus) =>
    ({ status, intake: 'walk_in', deliveryProvider: null, returnProvider: null }) as const;

  it('walks Новая → В ремонте → Готов к выдаче → Оповестить клиента → Закрыта with no provider', () => {
    const seen: string[] = [];
    let status: TicketStatus = 'new';
    for (;;) {
      seen.push(ticketStatusLabel(status, 'walk_in'));
      const result = step(walkIn(status), 'forward');
      if (!result.ok) {
        expect(result.reason).toBe('at_end');
        break;
      }
      status = result.status;
    }
    expect(seen).toEqual(['Новая', 'В ремонте', 'Готов к выдаче', 'Оповестить клиента', 'Закрыта']);
  });

  it('walks back the same way, refusing at Новая', () => {
    const seen: string[] = [];
    let status: TicketStatus = 'closed';
    for (;;) {
      seen.push(status);
      const result = step(walkIn(status), 'back');
      if (!result.ok) {
        expect(result.reason).toBe('at_start');
        break;
      }
      status = result.status;
    }
    expect(seen).toEqual([...WALK_IN_ROUTE].reverse());
  });

  it('never lands on a delivery status, from any status in either direction', () => {
    for (const status of ALL_TICKET_STATUSES) {
      for (const direction of ['forward', 'back'] as const) {
        const target = neighbour(status, direction, 'walk_in');
        if (target !== null) expect(WALK_IN_ROUTE).toContain(target);
      }
    }
    // A legacy value goes to the nearest walk-in status that way.
    expect(neighbour('picked_from_pvz', 'back', 'walk_in')).toBe('new');
    expect(neighbour('return_delivery_requested', 'forward', 'walk_in')).toBe('notify_client');
  });

  it('shows no provider picker and no provider on the badge', () => {
    expect(ALL_TICKET_STATUSES.filter((s) => providerPickerFor(s, 'walk_in') !== null)).toEqual([]);
    expect(ticketBadgeLabel({ ...walkIn('notify_client'), returnProvider: 'ozon' })).toBe(
      'Оповестить клиента',
    );
    expect(ticketBadgeLabel(walkIn('repair_done'))).toBe('Готов к выдаче');
  });

  it('leaves the ПВЗ route exactly as the spec says', () => {
    for (const status of TICKET_PIPELINE) {
      expect(ticketStatusLabel(status, 'pvz')).toBe(TICKET_STATUS_LABELS[status]);
      expect(ticketStatusLabel(status)).toBe(TICKET_STATUS_LABELS[status]);
    }
    expect(ticketStatusLabel('repair_done')).toBe('Готов к отправке');
  });

  it('switches intake only in a status both routes share', () => {
    expect(ALL_TICKET_STATUSES.filter(canSwitchIntake)).toEqual([...WALK_IN_ROUTE]);
  });
});
