// Keeps N keep-alive connections busy with one GET each, the next sent as soon as the last answer
// is read (or after a pause, as a person works), spread over one or more server processes
// (bench:throughput, bench:instances), or a mix of requests taken in turn (bench:mix).
import http from 'node:http';
import { cpuSeconds, percentile } from './bench-kit';

export interface BusyResult {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** Server CPU (all the processes) per answered request, ms. */
  cpuMs: number;
  /** p50 and p99 of each kind of request (its path with ids and searched words left out). */
  byKind: { kind: string; count: number; p50: number; p99: number }[];
}

/** A request's kind: its path with numbers and searched words left out. */
const kindOf = (path: string) => path.replace(/\d+/g, 'N').replace(/q=[^&]*/, 'q=…');

export async function keepBusy({
  ports,
  pids,
  cookie,
  connections,
  seconds,
  path = '/api/work',
  paths = [path],
  pause,
}: {
  /** Connection i goes to ports[i % ports.length]. */
  ports: readonly number[];
  pids: readonly number[];
  cookie: string;
  connections: number;
  seconds: number;
  path?: string;
  /** A mix: each connection asks for these in turn, starting at its own place in the list. */
  paths?: readonly string[];
  /** Milliseconds a connection waits after an answer before its next request (none: at once). */
  pause?: () => number;
}): Promise<BusyResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const kinds = new Map<string, number[]>();
  let errors = 0;
  const ends = Date.now() + seconds * 1000;
  const once = (port: number, path: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path,
            agent,
            headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
          },
          (response) => {
            response.resume();
            response.on('end', () => {
              if (response.statusCode === 200) {
                const took = performance.now() - started;
                latencies.push(took);
                const kind = kindOf(path);
                const times = kinds.get(kind);
                if (times) times.push(took);
                else kinds.set(kind, [took]);
              } else errors += 1;
              resolve();
            });
          },
        )
        .on('error', () => {
          errors += 1;
          resolve();
        });
    });
  const cpu = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const cpuBefore = cpu();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      const port = ports[i % ports.length]!;
      // People at a pace start at their own moments, not all in the same millisecond.
      if (pause) await new Promise((resolve) => setTimeout(resolve, pause()));
      for (let n = i; Date.now() < ends; n += 1) {
        await once(port, paths[n % paths.length]!);
        const wait = pause?.() ?? 0;
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, ends - Date.now())));
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuMs = ((cpu() - cpuBefore) * 1000) / latencies.length;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    cpuMs,
    byKind: [...kinds].map(([kind, times]) => {
      times.sort((a, b) => a - b);
      return { kind, count: times.length, p50: percentile(times, 50), p99: percentile(times, 99) };
    }),
  };
}
