import { describe, expect, it } from 'vitest';
import { clientStage, clientStageIndex, clientStages } from './client-stage';
import { ALL_TICKET_STATUSES, WALK_IN_ROUTE } from './ticket-status';

describe('client stages (issue 19)', () => {
  it.each([
    ['new', 'Ждём вашу посылку'],
    ['delivery_requested', 'Ждём вашу посылку'],
    ['at_pvz', 'Посылка пришла в ПВЗ, скоро заберём её в ремонт'],
    ['in_repair', 'Устройство в ремонте'],
    ['repair_done', 'Готово, отправляем в ПВЗ Озон'],
    ['to_pvz', 'Готово, отправляем в ПВЗ Озон'],
    ['delivery_to_client', 'Едет к вам в ПВЗ Озон'],
    ['notify_client', 'Ждёт вас в ПВЗ Озон'],
    ['closed', 'Выдано'],
    ['returned', 'Ждёт вас в ПВЗ Озон'],
  ])('a ПВЗ ticket in %s reads «%s»', (status, text) => {
    expect(clientStage({ status, intake: 'pvz', returnProvider: 'ozon' }).text).toBe(text);
  });

  it('leaves the service out when none is chosen', () => {
    expect(clientStage({ status: 'repair_done', intake: 'pvz', returnProvider: null }).text).toBe(
      'Готово, отправляем в ПВЗ',
    );
  });

  it('words a walk-in for a handover in the shop', () => {
    expect(
      WALK_IN_ROUTE.map((status) => clientStage({ status, intake: 'walk_in', returnProvider: null }).text),
    ).toEqual([
      'Устройство принято',
      'Устройство в ремонте',
      'Готово, ждём вас',
      'Готово, ждём вас',
      'Выдано',
    ]);
  });

  it('puts every status of a route in the stage that lists it (none falls back by accident)', () => {
    const pvz = clientStages('pvz', null).map((s) => s.key);
    expect(ALL_TICKET_STATUSES.map((status) => pvz[clientStageIndex(status, 'pvz')])).toEqual([
      'waiting', // new
      'waiting', // delivery_requested
      'arrived', // at_pvz
      'repair', // in_repair
      'sending', // repair_done
      'sending', // to_pvz
      'on_way', // delivery_to_client
      'ready_pvz', // notify_client
      'done', // closed
      'arrived', // picked_from_pvz
      'sending', // return_delivery_requested
      'ready_pvz', // returned
    ]);
    const walkIn = clientStages('walk_in', null).map((s) => s.key);
    expect(WALK_IN_ROUTE.map((status) => walkIn[clientStageIndex(status, 'walk_in')])).toEqual([
      'accepted',
      'repair',
      'ready_shop',
      'ready_shop',
      'done',
    ]);
  });

  it('gives every status a stage on both routes, never a staff-only word', () => {
    for (const intake of ['pvz', 'walk_in'] as const) {
      const texts = clientStages(intake, 'cdek').map((s) => s.text);
      for (const status of ALL_TICKET_STATUSES) {
        const stage = clientStage({ status, intake, returnProvider: 'cdek' });
        expect(texts).toContain(stage.text);
        expect(stage.text).not.toMatch(/Оповестить|Отнести|оформлена/);
      }
    }
  });
});
