import { describe, expect, it } from 'vitest';
import { sharedWhileUnchanged } from './shared-while-unchanged';

/** A computation counted and held until released, with the mark and time under the test's hand. */
function setUp(freshMs = 1000) {
  const state = { mark: 'a.1' as string | null, now: 0, computed: 0, fail: false };
  const pending: (() => void)[] = [];
  const read = sharedWhileUnchanged(
    () => {
      state.computed += 1;
      const n = state.computed;
      const fail = state.fail;
      return new Promise<number>((resolve, reject) =>
        pending.push(() => (fail ? reject(new Error('database gone')) : resolve(n))),
      );
    },
    { mark: async () => state.mark, now: () => state.now, freshMs },
  );
  // After the requests have read the mark (a promise) and started what they start.
  const releaseAll = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    pending.splice(0).forEach((release) => release());
  };
  return { state, read, releaseAll };
}

describe('sharedWhileUnchanged', () => {
  it('requests that come while one computation runs, and after it while nothing changed, share it', async () => {
    const { state, read, releaseAll } = setUp();
    const during = [read(), read(), read()];
    await releaseAll();
    expect(await Promise.all(during)).toEqual([1, 1, 1]);
    expect(await read()).toBe(1);
    expect(state.computed).toBe(1);
  });

  it('computes anew once the mark moves, even while the old computation still runs', async () => {
    const { state, read, releaseAll } = setUp();
    const old = read();
    state.mark = 'a.2';
    const fresh = read();
    await releaseAll();
    expect([await old, await fresh]).toEqual([1, 2]);
    expect(await read()).toBe(2);
  });

  it('computes anew when the answer is freshMs old, or the clock went back', async () => {
    const { read, state, releaseAll } = setUp(1000);
    const first = read();
    await releaseAll();
    await first;
    state.now = 999;
    expect(await read()).toBe(1);
    state.now = 1000;
    const second = read();
    await releaseAll();
    expect(await second).toBe(2);
    state.now = 500;
    const third = read();
    await releaseAll();
    expect(await third).toBe(3);
  });

  it('shares nothing while the mark is unknown (the bus may be missing changes)', async () => {
    const { read, state, releaseAll } = setUp();
    state.mark = null;
    const both = [read(), read()];
    await releaseAll();
    expect(await Promise.all(both)).toEqual([1, 2]);
  });

  it('does not hand a failure on: the next request tries again', async () => {
    const { read, state, releaseAll } = setUp();
    state.fail = true;
    const failed = read();
    await releaseAll();
    await expect(failed).rejects.toThrow('database gone');
    state.fail = false;
    const retried = read();
    await releaseAll();
    expect(await retried).toBe(2);
  });
});
