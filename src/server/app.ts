import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { errorCodes } from '../contract/common.ts';
import type { AppDeps } from './deps.ts';
import { ApiFailure, databaseUnavailable, isConnectionLost, RetryLater } from './errors.ts';
import { createRouter, type AppEnv } from './http.ts';
import { assertEveryRouteGuarded, guard } from './access/policy.ts';
import { engineRoutes } from './routes/engines.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { agencyRoutes } from './routes/agency.ts';
import { flightRoutes } from './routes/flights.ts';
import { streamedSearch } from './routes/search-stream.ts';
import { placeRoutes } from './routes/places.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { manageBookingRoutes } from './routes/manage-booking.ts';
import { postSaleRoutes } from './routes/postsale.ts';
import { priceAlertRoutes } from './routes/price-alerts.ts';
import { providerPagePaymentRoutes } from './routes/provider-page-payments.ts';
import { pagoEfectivoSandboxPage } from './payments/pagoefectivo-sandbox-page.ts';
import { PAGOEFECTIVO_SANDBOX_PATH } from '../contract/pagoefectivo.ts';
import { redirectSandbox } from './payments/redirect-sandbox.ts';
import { REDIRECT_SANDBOX_PATH } from '../contract/redirect-payment.ts';
import { providerPaymentRoutes, sandboxPaymentRoutes } from './routes/payments.ts';
import { SANDBOX_VAULT_PATH } from '../contract/card-vault.ts';
import { NIUBIZ_SANDBOX_TOKENIZE_PATH } from '../contract/niubiz.ts';
import { paymeSandbox } from './payments/payme-sandbox.ts';
import { bankTransferSandbox } from './payments/bank-transfer-sandbox.ts';
import { BANK_TRANSFER_SANDBOX_PATH } from '../contract/bank-transfer.ts';
import { cuotealoSandbox } from './payments/cuotealo-sandbox.ts';
import { CUOTEALO_SANDBOX_PATH } from '../contract/cuotealo.ts';
import { acuotazSandbox } from './payments/acuotaz-sandbox.ts';
import { ACUOTAZ_SANDBOX_PATH } from '../contract/acuotaz.ts';
import { acuotazPaymentRoutes } from './routes/acuotaz.ts';
import { PAYME_SANDBOX_PATH } from './payments/sandbox.ts';
import { PAYPAL_SANDBOX_PATH, payPalSandboxPages } from './payments/paypal-sandbox.ts';
import { securityHeaders } from './security-headers.ts';
import { compressAnswers } from './compression.ts';
import { bodyLimits, rateLimits } from './request-limits.ts';
import { RateCounter } from './rate-limit.ts';
import { DEV_MAILBOX_PATH, devMailbox, showsDevelopmentMailbox } from './mail/dev-mailbox.ts';

/** The API under /api: every route validated by the contract and documented at /api/openapi.json. */
export function createApi(deps: AppDeps) {
  const api = createRouter();
  const rateCounter = new RateCounter(deps.db);
  api.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('rateCounter', rateCounter);
    await next();
  });
  api.use('*', bodyLimits);
  api.on('POST', '/flights/search', rateLimits.search);
  // Several suppliers and a client reading NDJSON: the answer streamed as each supplier answers (issue 17).
  api.on('POST', '/flights/search', streamedSearch);
  api.on('GET', '/sessions', rateLimits.sessionRead);
  api.on('POST', '/sessions/save', rateLimits.sessionCreate);
  api.on('POST', '/engines/coupon', rateLimits.coupon);
  api.on('POST', '/agency/tokens', rateLimits.agencyToken);
  api.on('POST', '/flights/book', ...rateLimits.book);
  api.on('GET', '/flights/explore', rateLimits.explore);
  api.on('GET', ['/flights/calendar', '/flights/nearby'], rateLimits.priceViews);
  api.on('POST', '/price-alerts', rateLimits.priceAlert);
  api.on('POST', '/bookings/lookup', rateLimits.bookingLookup);
  api.on('POST', '/bookings/cancel', rateLimits.bookingCancel);
  api.get('/health', guard({ kind: 'public', reason: 'liveness' }), (c) => c.json({ status: 200, ok: true }));
  api.route('/', engineRoutes);
  api.route('/', sessionRoutes);
  api.route('/', flightRoutes);
  api.route('/', placeRoutes);
  api.route('/', agencyRoutes);
  api.route('/', checkoutRoutes);
  api.route('/', manageBookingRoutes);
  api.route('/', postSaleRoutes);
  api.route('/', priceAlertRoutes);
  api.route('/', providerPagePaymentRoutes);
  if (deps.sandboxPaymentSecret || deps.niubiz || deps.payPal) api.route('/', providerPaymentRoutes());
  if (deps.sandboxPaymentSecret) {
    api.use(SANDBOX_VAULT_PATH, ...rateLimits.cardVault);
    api.use(NIUBIZ_SANDBOX_TOKENIZE_PATH, rateLimits.cardCheckoutFields);
    api.route('/', sandboxPaymentRoutes(deps.sandboxPaymentSecret));
    api.route('/', acuotazPaymentRoutes());
  }
  api.use('/openapi.json', guard({ kind: 'public', reason: 'the API document' }));
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Vuelos API', version: '0.1.0', description: 'Flight search and booking engine API.' },
    servers: [{ url: '/api' }],
  });
  api.onError((error, c) => {
    if (error instanceof RetryLater) c.header('Retry-After', String(error.retryAfterSeconds));
    if (error instanceof ApiFailure) return c.json(error.toBody(), error.status as 400);
    if (isConnectionLost(error)) {
      console.error(`API ${c.req.method} ${c.req.path}: the database connection was lost`);
      c.header('Retry-After', '1');
      return c.json(databaseUnavailable().toBody(), 503);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(new ApiFailure(error.status, errorCodes.badRequest, error.message || 'The request is not valid.').toBody(), error.status);
    }
    // Only the message: request bodies may hold card data and are never logged.
    console.error(`API ${c.req.method} ${c.req.path} failed: ${error instanceof Error ? error.message : String(error)}`);
    return c.json(new ApiFailure(500, errorCodes.internal, 'Internal error, please try again in a few minutes.').toBody(), 500);
  });
  return api;
}

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('*', securityHeaders(deps));
  app.use('*', compressAnswers);
  app.route('/api', createApi(deps));
  const { sandboxPaymentSecret } = deps;
  if (sandboxPaymentSecret) {
    const sandboxDeps = { ...deps, sandboxPaymentSecret };
    // The sandbox gateway's pages stand in for the providers' own: each opens with its order's signed token.
    const pages: Array<[string, Parameters<typeof app.route>[1], string]> = [
      [PAYME_SANDBOX_PATH, paymeSandbox(sandboxDeps), 'PayMe’s payment page'],
      [PAYPAL_SANDBOX_PATH, payPalSandboxPages(sandboxDeps), 'PayPal’s approval page'],
      [BANK_TRANSFER_SANDBOX_PATH, bankTransferSandbox(sandboxDeps), 'the bank’s transfer test page'],
      [CUOTEALO_SANDBOX_PATH, cuotealoSandbox(sandboxDeps), 'the bank’s Cuotéalo page'],
      [PAGOEFECTIVO_SANDBOX_PATH, pagoEfectivoSandboxPage(sandboxDeps), 'PagoEfectivo’s CIP page'],
      [REDIRECT_SANDBOX_PATH, redirectSandbox(sandboxDeps), 'the redirect providers’ page'],
      [ACUOTAZ_SANDBOX_PATH, acuotazSandbox(sandboxDeps), 'ACuotaz’s page'],
    ];
    for (const [path, page, reason] of pages) {
      app.use(`${path}/*`, guard({ kind: 'sandbox', reason: `${reason}, opened with its order’s signed token` }));
      app.route(path, page);
    }
  }
  if (showsDevelopmentMailbox()) {
    app.use(`${DEV_MAILBOX_PATH}/*`, guard({ kind: 'development' }));
    app.route(DEV_MAILBOX_PATH, devMailbox(deps));
  }
  // A mounted app's notFound handler is not consulted, so unknown API paths are caught here.
  app.all('/api/*', (c) => c.json(new ApiFailure(404, errorCodes.notFound, `No API route ${c.req.method} ${c.req.path}.`).toBody(), 404));
  // Fails at start, naming them, when a route declares no access policy (issue 36).
  assertEveryRouteGuarded(app);
  return app;
}
