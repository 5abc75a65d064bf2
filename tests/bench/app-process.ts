import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free loopback port, asked of the system. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * A build's own server, started as `npm start` starts it (src/server/main.ts: migrations, seed, rate limits,
 * compression, jobs), with a fresh embedded database of its own, on a free loopback port. `dir` is the
 * checkout to run: this one, or a reference build's worktree. TRUST_PROXY=1 lets a load generator stand for
 * many clients (one X-Forwarded-For each), as a load balancer in front of it would.
 */
export async function startAppProcess(dir: string, env: Record<string, string> = {}): Promise<{ baseUrl: string; pid: number; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vuelos-bench-data-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, TRUST_PROXY: '1', SERVE_WEB: '0', ...env },
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the server in ${dir} exited with ${code}`))));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let ready = false; !ready; ) {
    ready = await Promise.race([
      fetch(`${baseUrl}/api/health`).then(
        (answer) => answer.ok,
        () => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 200)),
      ),
      exited,
    ]);
  }
  return {
    baseUrl,
    pid: child.pid ?? 0,
    stop: async () => {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
