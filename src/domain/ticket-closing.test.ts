import { describe, expect, it } from 'vitest';
import { missingSummary, reopenTarget, stepNeedsReopen } from './ticket-closing';
import { ALL_TICKET_STATUSES, step } from './ticket-status';

describe('«Закрыта» stays closed', () => {
  it('replaces only the step back out of «Закрыта»; the pipeline itself is unchanged', () => {
    for (const status of ALL_TICKET_STATUSES) {
      expect(stepNeedsReopen(status, 'forward')).toBe(false);
      expect(stepNeedsReopen(status, 'back')).toBe(status === 'closed');
    }
    // The spec's machine still says where a step back would go: «Открыть заново» goes there.
    const closed = {
      status: 'closed',
      intake: 'pvz',
      deliveryProvider: 'ozon',
      returnProvider: 'ozon',
    } as const;
    expect(step(closed, 'back')).toEqual({ ok: true, status: 'notify_client' });
  });

  it('needs a summary to close, typed or already there', () => {
    expect(missingSummary('closed', '', undefined)).toBe(true);
    expect(missingSummary('closed', '', '  ')).toBe(true);
    expect(missingSummary('closed', 'Заменён SSD', undefined)).toBe(false);
    expect(missingSummary('closed', '', 'Заменён SSD')).toBe(false);
    // The typed one is what will be saved: clearing it in the dialog counts.
    expect(missingSummary('closed', 'Заменён SSD', '')).toBe(true);
    expect(missingSummary('notify_client', '', undefined)).toBe(false);
  });

  it('reopens into the status it was closed from, on its route', () => {
    expect(reopenTarget('notify_client', 'pvz')).toBe('notify_client');
    expect(reopenTarget('repair_done', 'walk_in')).toBe('repair_done');
    // Unknown, legacy, off-route or missing: the route's status before «Закрыта».
    expect(reopenTarget(null, 'pvz')).toBe('notify_client');
    expect(reopenTarget('returned', 'pvz')).toBe('notify_client');
    expect(reopenTarget('to_pvz', 'walk_in')).toBe('notify_client');
    expect(reopenTarget('closed', 'walk_in')).toBe('notify_client');
    expect(reopenTarget('nonsense', 'walk_in')).toBe('notify_client');
  });
});
