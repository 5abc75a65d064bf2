import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/** The benchmarks' load on the real API over loopback: the server in its own process, autocannon here. */
export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  bodies: string[];
}

export function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

/**
 * search-server.ts in a child process (so the load generator does not share its event loop). `collectGarbage`
 * has it run a full garbage collection (it starts with --expose-gc) and waits for it: memory read after it is
 * what the server keeps, not what it has yet to collect.
 */
export async function startBenchServer(env: Record<string, string> = {}): Promise<{ port: number; pid: number; stop: () => void; collectGarbage: () => Promise<void> }> {
  const entry = fileURLToPath(new URL('./search-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', entry], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const lines = createInterface({ input: child.stdout });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
  const port = Number(await nextLine());
  return {
    port,
    pid: child.pid ?? 0,
    stop: () => child.kill('SIGTERM'),
    collectGarbage: async () => {
      const done = nextLine();
      child.kill('SIGUSR2');
      await done;
    },
  };
}

export async function measure(port: number, scenario: Scenario, load: { connections: number; durationSeconds: number }) {
  const requests = scenario.bodies.length > 0 ? scenario.bodies.map((body) => ({ method: scenario.method, path: scenario.path, body })) : [{ method: scenario.method, path: scenario.path }];
  // Warm-up pass: one of each request, so caches and JIT are in their steady state.
  for (const request of requests) {
    await fetch(`http://127.0.0.1:${port}${request.path}`, { method: request.method, body: 'body' in request ? request.body : null, headers: { 'content-type': 'application/json' } });
  }
  const latencies: number[] = [];
  let bytes = 0;
  let non2xx = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: load.connections,
    duration: load.durationSeconds,
    // Browsers always accept gzip; the server caches the compressed answer.
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    requests,
  });
  instance.on('response', (_client: unknown, statusCode: number, responseBytes: number, responseTime: number) => {
    latencies.push(responseTime);
    bytes += responseBytes;
    if (statusCode >= 300) non2xx++;
  });
  const summary = await instance;
  latencies.sort((a, b) => a - b);
  return {
    scenario: scenario.name,
    requests: latencies.length,
    non2xx,
    errors: summary.errors + summary.timeouts,
    p50Ms: Number(percentile(latencies, 0.5).toFixed(2)),
    p95Ms: Number(percentile(latencies, 0.95).toFixed(2)),
    p99Ms: Number(percentile(latencies, 0.99).toFixed(2)),
    meanKB: Number((bytes / Math.max(1, latencies.length) / 1024).toFixed(1)),
  };
}
