import { describe, expect, it } from 'vitest';
import { clientStage, clientStages } from './client-stage';
import { ALL_TICKET_STATUSES, WALK_IN_ROUTE } from './ticket-status';

describe('client stages (issue 19)', () => {
  it.each([
    ['new', 'Ждём вашу посылку'],
    ['delivery_requested', 'Ждём вашу посылку'],
    ['at_pvz', 'Посылка у нас, скоро начнём ремонт'],
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
