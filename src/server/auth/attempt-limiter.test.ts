import { describe, expect, it } from 'vitest';
import { TestClock } from '../test/test-app';
import { AttemptLimiter } from './attempt-limiter';

describe('AttemptLimiter', () => {
  it('allows `limit` attempts per window, then reports the wait, then resets', () => {
    const clock = new TestClock();
    const limiter = new AttemptLimiter({ limit: 2, windowMs: 10_000 }, clock);
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('a')).toBe(0);
    clock.advance(4_000);
    expect(limiter.hit('a')).toBe(6_000);
    expect(limiter.hit('b')).toBe(0);
    clock.advance(6_000);
    expect(limiter.hit('a')).toBe(0);
  });
});
