import { expect, it } from 'vitest';
import { DEFAULT_WORK_STATES } from '../../../../domain/worklist';
import { changedFilters, DEFAULT_STATES, NO_KEPT_FILTERS } from './work-filter-memory';

it('writes out the same default states as the domain', () => {
  expect(DEFAULT_STATES).toBe(DEFAULT_WORK_STATES.join(','));
});

it('counts a chosen stage as a filter on the phone’s «Фильтры» button', () => {
  expect(changedFilters(NO_KEPT_FILTERS, null)).toBe(0);
  expect(changedFilters({ ...NO_KEPT_FILTERS, stage: '3' }, null)).toBe(1);
});
