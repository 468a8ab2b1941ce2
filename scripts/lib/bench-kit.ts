// What the benchmark scripts share: a real server process, its memory, percentiles,
// and writing a result table into docs/benchmarks.md between markers.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** Starts `src/server/main.ts` with `env` on 127.0.0.1:`port` and waits until it answers. */
export async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // No automatic backup of the seeded database in the middle of a measurement.
      BACKUP_HOUR: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i += 1) {
    const up = await fetch(`http://127.0.0.1:${port}/api/config`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('server did not start');
}

/** A process's resident memory now and at its peak, in MB (Linux). */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (key: string) =>
    Number(/(\d+) kB/.exec(status.split('\n').find((l) => l.startsWith(key)) ?? '')?.[1]) / 1024;
  return { rss: read('VmRSS:'), peak: read('VmHWM:') };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Replaces the block between two `<!-- name -->` markers in `file` (or appends it). */
export function writeSection(file: string, name: string, report: string): void {
  const marker = `<!-- ${name} -->`;
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const [head = '', , tail = ''] = current.split(marker);
  fs.writeFileSync(file, `${head.trimEnd()}\n\n${marker}\n${report}\n${marker}${tail}`.trimStart());
}
