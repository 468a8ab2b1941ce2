import { expect, it } from 'vitest';
import { parseSearchQuery } from '../../domain/search-text';
import type { Database } from './database';
import { stateTrigram } from './migrations/0017-search-index';
import { HITS_TO_TRUST, sampleShowsDense, sampleShowsShare } from './sampled-matches';
import type { SampledRows } from './trigram-stats';

/** A database whose trigram counts drew these rows of the tasks (only the sample is read). */
function sampled(rows: SampledRows['rows']): Database {
  return { trigramStats: { sampleOf: () => ({ rows }) } } as unknown as Database;
}

/** `count` sampled tasks in `state`, every `every`-th titled «замена экрана», each on a page of its own. */
function rows(count: number, every: number, firstAt = 0, state = 'new') {
  return Array.from({ length: count }, (_, i) => ({
    text: i >= firstAt && (i - firstAt) % every === 0 ? 'замена экрана' : 'чистка',
    phone: '',
    state,
    page: i,
  }));
}

const shows = (database: Database, within: number, states = ['new']) =>
  sampleShowsShare(database, 'tasks', parseSearchQuery('замена'), states, within);

it('tells a share of at least HITS_TO_TRUST in `within` rows of the states shown', () => {
  // One in 20 of 2,000 rows: 50 within the first 1,000, not within 800.
  const database = sampled(rows(2000, 20));
  expect(shows(database, 1000)).toBe(true);
  expect(shows(database, 800)).toBe(false);
  // Rows in other states are not counted.
  expect(shows(database, 1000, ['closed'])).toBe(false);
});

it('does not trust hits written together on a few pages', () => {
  const together = rows(2000, 20).map((row) => ({ ...row, page: Math.floor(row.page / 400) }));
  expect(shows(sampled(together), 1000)).toBe(false);
});

it('gives up a quarter of the way with fewer than half the hits due by then', () => {
  // Every fifth row from row 300 on: 50 hits by row 550 of 1,000, but none in the first 250.
  expect(shows(sampled(rows(2000, 5, 300)), 1000)).toBe(false);
  // From row 200: the first quarter holds 10, more than half of the 12.5 due.
  expect(shows(sampled(rows(2000, 5, 200)), 1000)).toBe(true);
  expect(HITS_TO_TRUST).toBe(50);
});

it('shows nothing without a sample (before the first count)', () => {
  expect(shows({ trigramStats: undefined } as unknown as Database, 1000)).toBe(false);
});

it('trusts fewer hits where asked to (a wrong guess costing little)', () => {
  // One in 50 of 2,000 rows: 20 within the first 1,000, far from 50.
  const database = sampled(rows(2000, 50));
  expect(sampleShowsShare(database, 'tasks', parseSearchQuery('замена'), ['new'], 1000, 20)).toBe(true);
  expect(shows(database, 1000)).toBe(false);
});

it('takes matches as dense from a lower share in a state holding most of the table', () => {
  // 1,000,000 tasks, 720,000 closed and 100,000 new; one sampled row in 12 matches (8.3 %).
  const database = (state: string) =>
    ({
      trigramStats: {
        of: () => ({
          rows: 1_000_000,
          docs: new Map([
            [stateTrigram('closed'), 720_000],
            [stateTrigram('new'), 100_000],
          ]),
        }),
        sampleOf: () => ({ rows: rows(4000, 12, 0, state) }),
      },
    }) as unknown as Database;
  const dense = (state: string) =>
    sampleShowsDense(database(state), 'tasks', parseSearchQuery('замена'), state, 1001);
  // Closed, walked as the table's own order: dense above ~6.2 % (√(2 · 1.39 · 1,001 / 720,000)).
  expect(dense('closed')).toBe(true);
  // New, a state of a tenth of the table: above ~24.5 % (√(6 · 1,001 / 100,000)).
  expect(dense('new')).toBe(false);
});
