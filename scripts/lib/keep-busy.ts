// Keeps N keep-alive connections busy with one GET each, the next sent as soon as the last answer
// is read, spread over one or more server processes (bench:throughput, bench:instances).
import http from 'node:http';
import { cpuSeconds, percentile } from './bench-kit';

export interface BusyResult {
  perSecond: number;
  p50: number;
  p95: number;
  errors: number;
  /** Server CPU (all the processes) per answered request, ms. */
  cpuMs: number;
}

export async function keepBusy({
  ports,
  pids,
  cookie,
  connections,
  seconds,
  path = '/api/work',
}: {
  /** Connection i goes to ports[i % ports.length]. */
  ports: readonly number[];
  pids: readonly number[];
  cookie: string;
  connections: number;
  seconds: number;
  path?: string;
}): Promise<BusyResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const ends = Date.now() + seconds * 1000;
  const once = (port: number) =>
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
              if (response.statusCode === 200) latencies.push(performance.now() - started);
              else errors += 1;
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
      while (Date.now() < ends) await once(port);
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
    errors,
    cpuMs,
  };
}
