import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import type { AppDeps } from './deps.ts';
import { logJobError, startJobRunner } from './jobs/runner.ts';
import { configuredSupplier } from './supply/configured.ts';
import { DEFAULT_SEARCH_DEADLINE_MS } from './services/search.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed/index.ts';
import { mountWebApp } from './web.ts';
import { loadSecrets, MissingSecretsError } from './secrets.ts';
import { InvalidSettingError, positiveNumberSetting, proxyHopsSetting, serverClock } from './settings.ts';
import { NIUBIZ_VARIABLES, niubizConfigOf } from './payments/niubiz-api.ts';
import { PAYPAL_VARIABLES, payPalConfigOf } from './payments/paypal-api.ts';
import { PAGOEFECTIVO_VARIABLES, pagoEfectivoConfigOf } from './payments/pagoefectivo-api.ts';

const port = Number(process.env.PORT ?? 3000);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR ?? fileURLToPath(new URL('../../.data', import.meta.url));

let secrets;
try {
  secrets = loadSecrets({ env: process.env, dataDir });
} catch (error) {
  if (!(error instanceof MissingSecretsError)) throw error;
  console.error(error.message);
  process.exit(1);
}

let settings: Pick<AppDeps, 'supplier' | 'now' | 'sessionLifetimeHours' | 'supplierDeadlineMs' | 'supplierSearchDeadlineMs' | 'bookingAttemptWindowHours' | 'sandboxCardDelayMs' | 'niubiz' | 'payPal' | 'pagoEfectivo' | 'trustProxy'>;
try {
  settings = {
    now: serverClock(process.env),
    trustProxy: proxyHopsSetting(process.env),
    sessionLifetimeHours: positiveNumberSetting(process.env, 'SESSION_LIFETIME_HOURS'),
    supplierDeadlineMs: positiveNumberSetting(process.env, 'SUPPLIER_BOOK_TIMEOUT_MS'),
    supplierSearchDeadlineMs: positiveNumberSetting(process.env, 'SUPPLIER_SEARCH_TIMEOUT_MS'),
    bookingAttemptWindowHours: positiveNumberSetting(process.env, 'BOOKING_ATTEMPT_WINDOW_HOURS'),
    sandboxCardDelayMs: positiveNumberSetting(process.env, 'SANDBOX_CARD_DELAY_MS'),
    // The real providers, each when all of its variables are set (README "Real payment providers").
    niubiz: niubizConfigOf(process.env),
    payPal: payPalConfigOf(process.env),
    pagoEfectivo: pagoEfectivoConfigOf(process.env),
    // The sandbox alone, or with Duffel when DUFFEL_ACCESS_TOKEN is set (README "Real flight supplier: Duffel").
    supplier: configuredSupplier(process.env, { searchDeadlineMs: positiveNumberSetting(process.env, 'SUPPLIER_SEARCH_TIMEOUT_MS') ?? DEFAULT_SEARCH_DEADLINE_MS }),
  };
  for (const [name, variables, config] of [['Niubiz', NIUBIZ_VARIABLES, settings.niubiz], ['PayPal', PAYPAL_VARIABLES, settings.payPal], ['PagoEfectivo', PAGOEFECTIVO_VARIABLES, settings.pagoEfectivo]] as const) {
    const set = variables.filter((variable) => process.env[variable]);
    if (!config && set.length > 0) console.warn(`${name} stays off: ${variables.filter((variable) => !process.env[variable]).join(', ')} not set.`);
  }
} catch (error) {
  if (!(error instanceof InvalidSettingError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const database = await openDatabase({ url: databaseUrl, dataDir });
await seedDatabase(database.db);

const deps: AppDeps = {
  db: database.db,
  searchTokenSecret: secrets.searchTokenSecret,
  bookingLinkSecret: secrets.bookingLinkSecret,
  // Set only when the sandbox gateway is the configured one (PAYMENT_GATEWAY, secrets.ts): its card
  // vault and pages exist then, and card methods are offered; otherwise they are not.
  sandboxPaymentSecret: secrets.sandboxPaymentSecret,
  ...settings,
};
const app = createApp(deps);
// In development Vite serves the web app itself (npm run dev).
if (process.env.SERVE_WEB !== '0') mountWebApp(app, fileURLToPath(new URL('../../dist/web', import.meta.url)), deps);

// After the migrations and the seed: the jobs read the tables they make.
const jobs = await startJobRunner(deps, { postgresUrl: database.kind === 'postgres' ? databaseUrl : undefined });

const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, (info) => {
  const where = database.kind === 'pglite' ? `embedded PGlite in ${dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.info(`Vuelos is running on ${where}: http://localhost:${info.port}/vuelos/`);
});

const shutdown = () => {
  server.close();
  // The runs in progress finish before the database closes under them.
  void jobs
    .stop()
    .catch((error: unknown) => logJobError('runner', error))
    .then(() => database.close())
    .then(() => process.exit(0));
};
// The last guard: a stray error is logged (message only: it may carry request data) and the
// process keeps serving the requests that are fine.
process.on('uncaughtException', (error) => console.error(`Uncaught error, still serving: ${error.message}`));
process.on('unhandledRejection', (reason) => console.error(`Unhandled rejection, still serving: ${reason instanceof Error ? reason.message : String(reason)}`));
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
