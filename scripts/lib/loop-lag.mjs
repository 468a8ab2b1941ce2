// Preloaded into a benchmark's server (`node --import ./scripts/lib/loop-lag.mjs …`): the event
// loop's delay as Node measures it, written to $LOOP_LAG_FILE every 200 ms as JSON (ms), and
// started afresh when that file is deleted, so that a benchmark reads the lag of one phase alone.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_LAG_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  setInterval(() => {
    if (!fs.existsSync(file)) histogram.reset();
    const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
    fs.writeFileSync(
      file,
      JSON.stringify({
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
      }),
    );
  }, 200).unref();
}
