// Preloaded into a probe's server (`node --import ./scripts/lib/memory-log.mjs …`): the peaks of
// process.memoryUsage() (MB), sampled every 250 ms, written to $MEMORY_LOG_FILE as JSON.
import fs from 'node:fs';

const file = process.env.MEMORY_LOG_FILE;
if (file) {
  const peak = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0 };
  setInterval(() => {
    const usage = process.memoryUsage();
    for (const key of Object.keys(peak)) peak[key] = Math.max(peak[key], Math.round(usage[key] / 1048576));
    fs.writeFileSync(file, JSON.stringify(peak));
  }, 250).unref();
}
