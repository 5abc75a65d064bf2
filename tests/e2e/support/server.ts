import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testNow } from '../../support/test-time.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  /** Its data directory: a server started again on it finds the same database and secrets. */
  dataDir: string;
  /** Ends the process at once (SIGKILL), keeping its data directory. */
  kill(): Promise<void>;
  /** Everything the server printed (stdout and stderr) so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * What must never reach a log (issue 16): card numbers (13–19 digits in a row, spaced or not), e-mail
 * addresses and phone numbers (9 digits and more after a +). Found strings come back masked, so a
 * failing test does not print them either.
 */
export function personalDataIn(log: string): string[] {
  const patterns = [/\b(?:\d[ -]?){12,18}\d\b/g, /[\w.+-]+@[\w-]+\.[\w.-]+/g, /\+\d[\d ]{8,}\d/g, /\b9\d{8}\b/g];
  return patterns.flatMap((pattern) => [...log.matchAll(pattern)].map(([found]) => `${found.slice(0, 2)}…(${found.length} characters)`));
}

/**
 * The real server as `npm start` runs it (built web app, embedded PGlite, sandbox supplier), on a
 * free port with a fresh data directory, so every e2e file starts from the seeded demo data; its clock
 * reads the tests' time (CLOCK_START), as the pages' clocks do.
 */
export async function startServer(options: { env?: Record<string, string>; dataDir?: string } = {}): Promise<RunningServer> {
  if (!existsSync(join(root, 'dist/web/index.html'))) throw new Error('Build the web app first: npm run build');
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'vuelos-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    // PUBLIC_URL: the links in its mails point at this server. No SMTP_URL: the development mailbox.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '', PUBLIC_URL: `http://127.0.0.1:${port}`, CLOCK_START: testNow().toISOString(), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (healthy) {
      return {
        baseUrl,
        dataDir,
        kill: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGKILL');
          await new Promise((resolve) => child.once('exit', resolve));
        },
        output: () => output,
        stop: async () => {
          child.kill('SIGTERM');
          await new Promise((resolve) => child.once('exit', resolve));
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not answer within 60 s:\n${output}`);
}
