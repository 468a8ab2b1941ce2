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

describe('AttemptLimiter memory', () => {
  it('never holds more than maxKeys, expired keys going first, then the oldest', () => {
    const clock = new TestClock();
    const limiter = new AttemptLimiter({ limit: 3, windowMs: 10_000 }, clock, 100);
    for (let i = 0; i < 50; i += 1) limiter.record(`old-${i}`);
    clock.advance(10_000);
    for (let i = 0; i < 10_000; i += 1) {
      limiter.record(`flood-${i}`);
      expect(limiter.size).toBeLessThanOrEqual(100);
    }
    limiter.record('attacker');
    limiter.record('attacker');
    limiter.record('attacker');
    expect(limiter.waitMs('attacker')).toBe(10_000);
    limiter.reset('attacker');
    expect(limiter.waitMs('attacker')).toBe(0);
  });
});
