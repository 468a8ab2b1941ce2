import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/test-database';
import { TestClock } from '../test/test-app';
import { AttemptLimiter } from './attempt-limiter';

// Issue 23: attempts are counted in the database, so two app instances count as one.

for (const dialect of testDialects()) {
  describe(`AttemptLimiter [${dialect}]`, () => {
    let test: TestDatabase;
    let other: Database;
    beforeAll(async () => {
      test = await createTestDatabase(dialect);
      other = test.openAnother();
    });
    afterAll(async () => {
      await other.destroy();
      await test.cleanup();
    });

    it('allows `limit` attempts per window, then reports the wait, then resets', async () => {
      const clock = new TestClock();
      const limiter = new AttemptLimiter(test.database.db, 'window', { limit: 2, windowMs: 10_000 }, clock);
      expect(await limiter.hit('a')).toBe(0);
      expect(await limiter.hit('a')).toBe(0);
      clock.advance(4_000);
      expect(await limiter.hit('a')).toBe(6_000);
      expect(await limiter.hit('b')).toBe(0);
      clock.advance(6_000);
      expect(await limiter.hit('a')).toBe(0);
      expect(await limiter.count('a')).toBe(1);
      await limiter.reset('a');
      expect(await limiter.count('a')).toBe(0);
    });

    it('two instances on one database count the same attempts, none lost when they race', async () => {
      const clock = new TestClock();
      const rule = { limit: 30, windowMs: 60_000 };
      const a = new AttemptLimiter(test.database.db, 'race', rule, clock);
      const b = new AttemptLimiter(other.db, 'race', rule, clock);
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).hit('203.0.113.7')),
      );
      // Exactly the limit got through, whichever instance took them.
      expect(results.filter((wait) => wait === 0)).toHaveLength(30);
      const counted = await a.count('203.0.113.7');
      expect(counted).toBeGreaterThanOrEqual(30);
      expect(await b.waitMs('203.0.113.7')).toBe(60_000);
      // Refused from here on without writing: the count stays.
      for (let i = 0; i < 5; i += 1) expect(await a.hit('203.0.113.7')).toBe(60_000);
      expect(await b.count('203.0.113.7')).toBe(counted);
      // Scopes are apart: another limiter's key of the same name is untouched.
      expect(await new AttemptLimiter(other.db, 'elsewhere', rule, clock).count('203.0.113.7')).toBe(0);
    });

    it('windows that ran out are swept, so a flood of keys leaves no lasting rows', async () => {
      const clock = new TestClock();
      const limiter = new AttemptLimiter(test.database.db, 'flood', { limit: 3, windowMs: 10_000 }, clock);
      for (let i = 0; i < 300; i += 1) await limiter.record(`flood-${i}`);
      clock.advance(70_000);
      await limiter.record('attacker');
      const rows = await test.database.db
        .selectFrom('attempt_counts')
        .select('key')
        .where('scope', '=', 'flood')
        .execute();
      expect(rows.map((row) => row.key)).toEqual(['attacker']);
      await limiter.record('attacker');
      await limiter.record('attacker');
      expect(await limiter.waitMs('attacker')).toBe(10_000);
    });
  });
}
