import { describe, expect, it } from 'vitest';
import { overStageLimit, stageAfterMove, stageAllowed } from './repair-stage-rules';
import { ALL_TICKET_STATUSES, step, TICKET_PIPELINE, type SteppableTicket } from './ticket-status';

describe('stages inside «В ремонте»', () => {
  it('exist only in «В ремонте»', () => {
    expect(ALL_TICKET_STATUSES.filter(stageAllowed)).toEqual(['in_repair']);
  });

  it('are dropped on leaving «В ремонте», either way, and kept on no move', () => {
    expect(stageAfterMove(7, 'repair_done')).toBeNull();
    expect(stageAfterMove(7, 'at_pvz')).toBeNull();
    expect(stageAfterMove(7, 'in_repair')).toBe(7);
    expect(stageAfterMove(null, 'in_repair')).toBeNull();
  });

  it('leave the status machine as it is: every step and guard gives the same answer', () => {
    // The machine takes no stage: the same ticket steps the same way whatever stage it is at.
    for (const status of TICKET_PIPELINE) {
      for (const direction of ['forward', 'back'] as const) {
        const ticket: SteppableTicket = {
          status,
          intake: 'pvz',
          deliveryProvider: null,
          returnProvider: null,
        };
        const atStage = { ...ticket, stageId: 3 } as SteppableTicket;
        expect(step(atStage, direction)).toEqual(step(ticket, direction));
      }
    }
    // And a step out of «В ремонте» is a step out of its stage too.
    const inRepair: SteppableTicket = {
      status: 'in_repair',
      intake: 'walk_in',
      deliveryProvider: null,
      returnProvider: null,
    };
    const forward = step(inRepair, 'forward');
    expect(forward).toEqual({ ok: true, status: 'repair_done' });
    expect(forward.ok && stageAfterMove(3, forward.status)).toBeNull();
  });

  it('marks a ticket kept at a stage longer than its limit, in calendar days of the shop', () => {
    const today = '2026-11-28';
    const zone = 'Europe/Moscow';
    expect(overStageLimit({ limitDays: 3 }, '2026-11-24T11:00:00.000Z', today, zone)).toBe(4);
    expect(overStageLimit({ limitDays: 3 }, '2026-11-25T13:00:00.000Z', today, zone)).toBeNull();
    expect(overStageLimit({ limitDays: null }, '2026-01-01T00:00:00.000Z', today, zone)).toBeNull();
    expect(overStageLimit(undefined, '2026-01-01T00:00:00.000Z', today, zone)).toBeNull();
    // 23:59 in Moscow on the 24th is the 24th there: four days, though not 4 × 24 hours.
    expect(overStageLimit({ limitDays: 3 }, '2026-11-24T20:59:00.000Z', today, zone)).toBe(4);
  });
});
