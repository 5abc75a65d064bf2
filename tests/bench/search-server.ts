import { serve } from '@hono/node-server';
import { createApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedDatabase } from '../../src/server/db/seed/index.ts';
import { randomBytes } from 'node:crypto';
import { createSandboxSupplier } from '../../src/server/supply/sandbox/index.ts';
import { mountWebApp } from '../../src/server/web.ts';
import { TEST_NOW } from '../support/test-time.ts';

/**
 * The real API on loopback for the benchmark, in its own process so the load generator does not
 * share its event loop. Prints the port on stdout once listening. With WEB_DIST set, it also serves
 * the web app built there, as `npm start` serves dist/web.
 */
const database = await openDatabase({});
await seedDatabase(database.db);
const deps = { db: database.db, now: () => new Date(TEST_NOW), supplier: createSandboxSupplier(), searchTokenSecret: randomBytes(48).toString('base64url'), bookingLinkSecret: randomBytes(48).toString('base64url'), rateLimits: 'off' as const };
const app = createApp(deps);
if (process.env.WEB_DIST) mountWebApp(app, process.env.WEB_DIST, deps);
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`${info.port}\n`);
});
// The memory bench asks for a full collection (the process runs with --expose-gc) and waits for the line.
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  process.stdout.write('collected\n');
});
