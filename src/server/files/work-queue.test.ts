import { describe, expect, it } from 'vitest';
import { WorkQueue } from './work-queue';

describe('WorkQueue', () => {
  it('never runs more than its concurrency, runs every job once, in order, even when some fail', async () => {
    const queue = new WorkQueue(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const jobs = Array.from({ length: 12 }, (_, i) =>
      queue.run(async () => {
        started.push(i);
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (i % 5 === 0) throw new Error(`job ${i}`);
        return i;
      }),
    );
    const results = await Promise.allSettled(jobs);
    expect(peak).toBe(2);
    expect(started).toEqual([...Array(12).keys()]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(3);
    expect(queue.load).toBe(0);
  });
});
