import { expect, it } from 'vitest';
import { seededRandom } from './seeded-random';

it('the seed generator does not fall into a short cycle and repeats itself from the same seed', () => {
  const random = seededRandom(20261122);
  const seen = new Set<number>();
  for (let i = 0; i < 200_000; i += 1) seen.add(random());
  expect(seen.size).toBe(200_000);
  const again = seededRandom(20261122);
  const first = seededRandom(20261122);
  expect(Array.from({ length: 5 }, again)).toEqual(Array.from({ length: 5 }, first));
});
