import { describe, expect, it } from 'vitest';
import { publicStatusView, type PublicTicketFacts } from './public-status';

const SHOP = { name: 'Сервис «Ёлка»', phone: '8 (495) 000-00-00', address: 'Москва', hours: '10–19' };
const TICKET: PublicTicketFacts = {
  id: 41,
  status: 'in_repair',
  intake: 'pvz',
  returnProvider: null,
  device: 'Ноутбук ASUS',
  createdAt: '2026-11-01T10:00:00.000Z',
  closedAt: null,
  warrantyDays: 30,
  stageText: '',
  due: 0,
  estimate: null,
};

describe('publicStatusView', () => {
  it('marks stages done, current and ahead, with the dates they were entered', () => {
    const view = publicStatusView(
      TICKET,
      [
        { status: 'delivery_requested', at: '2026-11-02T10:00:00.000Z' },
        { status: 'at_pvz', at: '2026-11-05T10:00:00.000Z' },
        { status: 'in_repair', at: '2026-11-06T10:00:00.000Z' },
      ],
      SHOP,
    );
    expect(view).toMatchObject({ number: '#41', device: 'Ноутбук ASUS', current: 'Устройство в ремонте' });
    expect(view.shop.phone).toBe('+7 495 000-00-00');
    expect(view.stages.map((s) => [s.text, s.state, s.at])).toEqual([
      // delivery_requested is the same stage as new: the stage keeps its first date.
      ['Ждём вашу посылку', 'done', '2026-11-01T10:00:00.000Z'],
      ['Посылка пришла в ПВЗ, скоро заберём её в ремонт', 'done', '2026-11-05T10:00:00.000Z'],
      ['Устройство в ремонте', 'current', '2026-11-06T10:00:00.000Z'],
      ['Готово, отправляем в ПВЗ', 'next', null],
      ['Едет к вам в ПВЗ', 'next', null],
      ['Ждёт вас в ПВЗ', 'next', null],
      ['Выдано', 'next', null],
    ]);
  });

  it('takes the last entry into a stage after a step back, and hides dates of stages left behind', () => {
    const view = publicStatusView(
      { ...TICKET, status: 'at_pvz' },
      [
        { status: 'at_pvz', at: '2026-11-05T10:00:00.000Z' },
        { status: 'in_repair', at: '2026-11-06T10:00:00.000Z' },
        { status: 'at_pvz', at: '2026-11-07T10:00:00.000Z' },
      ],
      SHOP,
    );
    expect(view.stages[1]).toEqual({
      text: 'Посылка пришла в ПВЗ, скоро заберём её в ремонт',
      state: 'current',
      at: '2026-11-07T10:00:00.000Z',
    });
    expect(view.stages[2]).toEqual({ text: 'Устройство в ремонте', state: 'next', at: null });
  });

  it('shows a walk-in’s four stages', () => {
    const view = publicStatusView({ ...TICKET, intake: 'walk_in', status: 'closed' }, [], SHOP);
    expect(view.stages.map((s) => s.text)).toEqual([
      'Устройство принято',
      'Устройство в ремонте',
      'Готово, ждём вас',
      'Выдано',
    ]);
    expect(view.current).toBe('Выдано');
  });

  it('shows the warranty only once the ticket is closed with one', () => {
    expect(publicStatusView(TICKET, [], SHOP).warranty).toBeNull();
    const closed = { ...TICKET, status: 'closed', closedAt: '2026-11-20T21:30:00.000Z' };
    expect(publicStatusView(closed, [], SHOP).warranty).toEqual({ closedAt: closed.closedAt, days: 30 });
    expect(publicStatusView({ ...closed, warrantyDays: 0 }, [], SHOP).warranty).toBeNull();
    expect(publicStatusView({ ...closed, warrantyDays: null }, [], SHOP).warranty).toBeNull();
  });

  it('says the stage inside «В ремонте» in the client’s words, and only there', () => {
    const atStage = { ...TICKET, stageText: 'Ожидаем запчасть' };
    expect(publicStatusView(atStage, [], SHOP).current).toMatch(/: Ожидаем запчасть$/);
    expect(publicStatusView({ ...atStage, status: 'repair_done' }, [], SHOP).current).not.toContain(
      'запчасть',
    );
    expect(publicStatusView(TICKET, [], SHOP).current).not.toContain(':');
  });
});
