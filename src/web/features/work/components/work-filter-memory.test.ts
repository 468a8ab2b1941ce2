import { expect, it } from 'vitest';
import { DEFAULT_WORK_STATES } from '../../../../domain/worklist';
import { DEFAULT_STATES } from './work-filter-memory';

it('writes out the same default states as the domain', () => {
  expect(DEFAULT_STATES).toBe(DEFAULT_WORK_STATES.join(','));
});
