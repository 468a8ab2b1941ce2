// `npx tsx scripts/probe-search.ts --keep DIR --name search_demo_2000000 [--runs 40] [--only SQLite]`:
// the worklist's searches and counts in-process on databases bench:search kept (--keep), without
// the server or HTTP — a quick check of a change to the search before the real benchmark.
// Prints p50 / p95 / max per measure.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { DEFAULT_WORK_RULES } from '../src/domain/work-rules';
import { createWorklistService } from '../src/server/work/worklist.service';
import { keptTargets } from './lib/bench-targets';
import { hostSpeedMs, percentile } from './lib/bench-kit';
import { OLDEST_ONLY_SURNAME } from './lib/shop-shape';

const { values } = parseArgs({
  options: {
    keep: { type: 'string', default: '/work/kept' },
    name: { type: 'string', default: 'search_demo_2000000' },
    runs: { type: 'string', default: '40' },
    only: { type: 'string' },
    sets: { type: 'string' },
    /** Also each query's median and worst. */
    each: { type: 'boolean', default: false },
    measures: { type: 'string' },
  },
});
const RUNS = Number(values.runs);

const SETS: Record<string, string[]> = {
  'common surname': ['иванов', 'смирнова', 'кузнецов', 'фёдоров', 'орлова', 'яковлев', 'зайцева'],
  'oldest closed only': [OLDEST_ONLY_SURNAME, `${OLDEST_ONLY_SURNAME}а`, `${OLDEST_ONLY_SURNAME} олег`].map(
    (n) => n.toLowerCase(),
  ),
  'full name': ['иванов петр андреевич', 'смирнова ольга', 'фёдоров игорь', 'зайцева юлия петровна'],
  'no match': ['щшзхъ', 'йцукен', 'ывапр', 'жэхзщ', 'бюьтим'],
  'phone fragment': ['345-67', '123-45', '987-65', '555-12', '246-80'],
  'phone whole': ['8 (912) 345-67-89', '89223456701', '8 950 111 22 33'],
  'phone start': ['8912', '8922', '8950', '8904', '8343'],
  serial: ['sn123456', 'sn654321', 'sn777777', 'sn100019'],
  warranty: ['гт-10002', 'гт-55554', 'гт-99998'],
  '#N': ['#12', '№500000', '#999999'],
  'short rare': ['ъ', 'щъ', 'ьы', 'йй', 'ф7', 'ц9'],
  'short common': ['а', 'ив', '77', 'о', '12'],
};

const { targets } = await keptTargets(values.keep, values.name);
process.stdout.write(
  `${values.name}: host speed reference ${hostSpeedMs().toFixed(0)} ms, load ${os.loadavg()[0]!.toFixed(1)}\n`,
);
for (const target of targets) {
  if (values.only && target.name !== values.only) continue;
  if (target.fresh) {
    process.stdout.write(`${target.name}: not seeded\n`);
    continue;
  }
  const worklist = createWorklistService({
    database: target.database,
    rules: async () => DEFAULT_WORK_RULES,
    now: () => new Date('2026-11-22T09:00:00Z'),
  });
  const measures: [string, (q: string) => Promise<unknown>][] = [
    ['open', (q) => worklist.list({ q })],
    ['+closed', (q) => worklist.list({ q, states: 'new,in_progress,closed' })],
    ['counts', (q) => worklist.counts({ q })],
  ];
  process.stdout.write(`\n${target.name}\n| set | measure | p50 | p95 | max |\n|---|---|---|---|---|\n`);
  for (const [name, queries] of Object.entries(SETS)) {
    if (values.sets && !values.sets.split(',').includes(name)) continue;
    for (const [measure, run] of measures) {
      if (values.measures && !values.measures.split(',').includes(measure)) continue;
      for (const q of queries) await run(q);
      const times: number[] = [];
      const perQuery = new Map<string, number[]>();
      for (let i = 0; i < RUNS; i += 1) {
        const q = queries[i % queries.length]!;
        const started = performance.now();
        await run(q);
        const took = performance.now() - started;
        times.push(took);
        perQuery.set(q, [...(perQuery.get(q) ?? []), took]);
      }
      if (values.each) {
        for (const [q, own] of perQuery) {
          own.sort((a, b) => a - b);
          process.stdout.write(
            `|   ${q} | ${measure} | ${percentile(own, 50).toFixed(1)} | | ${own.at(-1)!.toFixed(1)} |\n`,
          );
        }
      }
      times.sort((a, b) => a - b);
      const ms = (v: number) => v.toFixed(1);
      process.stdout.write(
        `| ${name} | ${measure} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} | ${ms(times.at(-1)!)} |\n`,
      );
    }
  }
  await target.database.destroy();
}
