import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatMoney, US_DOLLARS } from '../../src/contract/money.ts';
import { mailOutbox, priceAlerts } from '../../src/server/db/schema/index.ts';
import { canonicalEmail } from '../../src/server/domain/email-address.ts';
import { deliverPendingMails, messageOf } from '../../src/server/mail/delivery.ts';
import { checkPriceAlerts } from '../../src/server/services/price-alerts.ts';
import { startTestApi } from '../support/server.ts';
import { usePriceAlertWorld } from './price-alert-support.ts';

/**
 * Price alerts (issue 21) against the real API on a fresh database, with the sandbox world except its
 * price calendar, whose cheapest total the test sets (the sandbox's fares only rise as departure nears).
 */
const world = usePriceAlertWorld();

const search = { origin: 'LIM', destination: 'CUZ', date: '2026-12-12', return: '2026-12-19', adults: 1 };
const create = (body: Record<string, unknown>) => world.api.json('/api/price-alerts', { ...search, language: 'en', ...body });
const mailsTo = (email: string) => world.api.deps.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
const alertOf = async (email: string) => (await world.api.deps.db.select().from(priceAlerts).where(eq(priceAlerts.emailCanonical, canonicalEmail(email))))[0]!;
const tokenIn = (text: string, page: 'confirm' | 'unsubscribe') => text.match(new RegExp(`/vuelos/price-alerts/${page}/([\\w-]{43})\\?lang=(es|en)`))?.[1];
const daysLater = (days: number) => world.api.clock.advanceMinutes(days * 24 * 60);

/** Makes an alert at `price` and confirms it by the token of its confirmation mail. */
async function confirmedAlert(email: string, price: number, body: Record<string, unknown> = {}) {
  world.cheapest = price;
  expect((await create({ email, ...body })).status).toBe(200);
  const [mail] = await mailsTo(email);
  const confirmed = await world.api.request(`/api/price-alerts/confirm/${tokenIn(mail!.text, 'confirm')}`, { method: 'POST' });
  expect(confirmed.status).toBe(200);
}

describe('making a price alert', () => {
  it('prices the route, keeps the alert unconfirmed and mails its confirmation link (in the page language) to the address as typed; asking again mails nothing more', async () => {
    world.cheapest = 300;
    const response = await create({ email: '  Ana@Example.com ', language: 'es' });
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual({ state: 'confirmationSent', origin: 'LIM', destination: 'CUZ', departureDate: '2026-12-12', returnDate: '2026-12-19', baselineTotal: 300, dropAmount: 15 });
    const alert = await alertOf('ana@example.com');
    expect(alert).toMatchObject({ email: 'Ana@Example.com', emailCanonical: 'ana@example.com', confirmedAt: null, baselineTotal: 300, dropAmount: 15, language: 'es' });
    const mails = await mailsTo('Ana@Example.com');
    expect(mails.map((mail) => [mail.kind, mail.subject])).toEqual([['price-alert-confirm', 'Confirma tu alerta de precio LIM → CUZ']]);
    const token = tokenIn(mails[0]!.text, 'confirm')!;
    expect(mails[0]!.html).toContain(`/vuelos/price-alerts/confirm/${token}?lang=es`);
    // Only the token's hash is kept.
    expect(JSON.stringify(alert)).not.toContain(token);

    const again = await create({ email: 'ana@example.com', language: 'es' });
    expect((await again.json()).data.state).toBe('confirmationSent');
    expect(await mailsTo('Ana@Example.com')).toHaveLength(1);
    expect(await mailsTo('ana@example.com')).toHaveLength(0);
    expect(await world.api.deps.db.select().from(priceAlerts).where(eq(priceAlerts.emailCanonical, 'ana@example.com'))).toHaveLength(1);
  });

  it('confirms by the mailed token (twice: the same), and the same e-mail and search is then already tracked, without a second alert', async () => {
    await confirmedAlert('bruno@example.com', 300);
    expect((await alertOf('bruno@example.com')).confirmedAt).not.toBeNull();
    const [mail] = await mailsTo('bruno@example.com');
    const again = await world.api.request(`/api/price-alerts/confirm/${tokenIn(mail!.text, 'confirm')}`, { method: 'POST' });
    expect((await again.json()).data.state).toBe('confirmed');
    const tracked = await create({ email: 'bruno@example.com' });
    expect((await tracked.json()).data.state).toBe('alreadyTracking');
    expect(await mailsTo('bruno@example.com')).toHaveLength(1);
  });

  it.each([
    ['a malformed e-mail', { email: 'not-an-email' }, 400, 'BAD_REQUEST'],
    ['an unknown airport', { email: 'c@example.com', origin: 'QQQ' }, 400, 'BAD_REQUEST'],
    ['a past date', { email: 'c@example.com', date: '2026-01-10', return: '2026-01-12' }, 400, 'BAD_REQUEST'],
    ['a return before the departure', { email: 'c@example.com', return: '2026-12-01' }, 400, 'BAD_REQUEST'],
    ['no language', { email: 'c@example.com', language: undefined }, 400, 'BAD_REQUEST'],
  ])('refuses %s with a typed 400 and keeps nothing', async (_, body, status, code) => {
    const response = await create(body);
    expect(response.status).toBe(status);
    expect((await response.json()).code).toBe(code);
    expect(await mailsTo('c@example.com')).toEqual([]);
  });

  it('names the body field a route error is about (json.date, json.origin), as the client reads it', async () => {
    const past = await (await create({ email: 'c@example.com', date: '2026-01-10', return: '2026-01-12' })).json();
    expect(past.errors[0]).toMatchObject({ path: 'json.date', code: 'past_date' });
    const unknown = await (await create({ email: 'c@example.com', origin: 'QQQ' })).json();
    expect(unknown.errors[0]).toMatchObject({ path: 'json.origin', code: 'unknown_airport' });
  });

  it('refuses a route with nothing sold (409 PRICE_ALERT_NOT_SOLD)', async () => {
    world.cheapest = null;
    const response = await create({ email: 'd@example.com' });
    expect(response.status).toBe(409);
    expect((await response.json()).code).toBe('PRICE_ALERT_NOT_SOLD');
    expect(await world.api.deps.db.select().from(priceAlerts).where(eq(priceAlerts.email, 'd@example.com'))).toEqual([]);
  });

  it('answers 404 PRICE_ALERT_LINK_INVALID to a token that is not ours, 400 to a malformed one', async () => {
    const forged = await world.api.request(`/api/price-alerts/confirm/${'A'.repeat(43)}`, { method: 'POST' });
    expect([forged.status, (await forged.json()).code]).toEqual([404, 'PRICE_ALERT_LINK_INVALID']);
    expect((await world.api.request('/api/price-alerts/unsubscribe/short', { method: 'POST' })).status).toBe(400);
  });
});

describe('asking for alerts too often', () => {
  it('limits one address to 20 alert requests an hour, whatever the client (429 RATE_LIMITED, Retry-After)', async () => {
    const limited = await startTestApi({ supplier: world.supplier, rateLimits: 'on', trustProxy: 1 });
    try {
      world.cheapest = 300;
      const ask = (client: string, date: string) =>
        limited.app.request('/api/price-alerts', {
          method: 'POST',
          body: JSON.stringify({ ...search, date, return: undefined, language: 'en', email: 'flood@example.com' }),
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        });
      for (let index = 0; index < 20; index++) expect((await ask(`192.0.2.${index}`, `2026-12-${String(index + 1).padStart(2, '0')}`)).status).toBe(200);
      const refused = await ask('192.0.2.99', '2026-12-25');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', errors: [{ path: 'price-alert:email-hour' }] });
    } finally {
      await limited.close();
    }
  });
});

describe('the daily check', () => {
  it('mails a drop once per new low with the old and new price, never an unconfirmed alert, and nothing after unsubscribing', async () => {
    await confirmedAlert('eva@example.com', 400);
    world.cheapest = 400;
    expect((await create({ email: 'unconfirmed@example.com' })).status).toBe(200);

    // Checked within the day it was made: nothing due.
    world.cheapest = 350;
    await checkPriceAlerts(world.api.deps);
    expect(await mailsTo('eva@example.com')).toHaveLength(1);

    // A day later the price is 50 under: one drop mail.
    daysLater(1);
    await checkPriceAlerts(world.api.deps);
    const drops = (await mailsTo('eva@example.com')).filter((mail) => mail.kind === 'price-alert-drop');
    expect(drops).toHaveLength(1);
    expect(drops[0]!.subject).toBe(`Price drop: LIM → CUZ now from ${formatMoney(350, US_DOLLARS, 'detail')}`);
    expect(drops[0]!.text).toContain(`Was: ${formatMoney(400, US_DOLLARS, 'detail')}`);
    expect(drops[0]!.text).toContain(`Now: ${formatMoney(350, US_DOLLARS, 'detail')}`);
    expect(drops[0]!.text).toContain('/vuelos/LIM/CUZ/2026-12-12/2026-12-19/1/0/0?lang=en');
    expect((await mailsTo('unconfirmed@example.com')).map((mail) => mail.kind)).toEqual(['price-alert-confirm']);

    // The same run again, and the next day at the same price: no second mail.
    await checkPriceAlerts(world.api.deps);
    daysLater(1);
    await checkPriceAlerts(world.api.deps);
    // A new low under the price last mailed (345 < 350) is mailed again.
    daysLater(1);
    world.cheapest = 345;
    await checkPriceAlerts(world.api.deps);
    expect((await mailsTo('eva@example.com')).filter((mail) => mail.kind === 'price-alert-drop').map((mail) => mail.subject)).toHaveLength(2);

    // The drop mail unsubscribes in one click (List-Unsubscribe + List-Unsubscribe-Post) and by its link.
    const message = messageOf(drops[0]!);
    expect(message.headers).toEqual({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const oneClick = (message.list as { unsubscribe: string }).unsubscribe;
    expect(oneClick).toMatch(/\/api\/price-alerts\/unsubscribe\/[\w-]{43}$/);
    const token = tokenIn(drops[0]!.text, 'unsubscribe')!;
    expect(oneClick.endsWith(token)).toBe(true);
    const unsubscribed = await world.api.request(new URL(oneClick).pathname, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect((await unsubscribed.json()).data.state).toBe('unsubscribed');
    daysLater(1);
    world.cheapest = 200;
    await checkPriceAlerts(world.api.deps);
    expect((await mailsTo('eva@example.com')).filter((mail) => mail.kind === 'price-alert-drop')).toHaveLength(2);
    // Its confirm link no longer turns it on.
    const [confirmMail] = (await mailsTo('eva@example.com')).filter((mail) => mail.kind === 'price-alert-confirm');
    const confirmAgain = await world.api.request(`/api/price-alerts/confirm/${tokenIn(confirmMail!.text, 'confirm')}`, { method: 'POST' });
    expect((await confirmAgain.json()).data.state).toBe('unsubscribed');
  });

  it('sends the drop mail through the outbox (delivery job) to the address', async () => {
    const sent: Array<{ to: unknown; subject: unknown; list: unknown }> = [];
    await confirmedAlert('fede@example.com', 500);
    daysLater(1);
    world.cheapest = 450;
    await checkPriceAlerts(world.api.deps);
    await deliverPendingMails(world.api.deps, { sendMail: async (message) => sent.push({ to: message.to, subject: message.subject, list: message.list }) });
    expect(sent.filter((message) => message.to === 'fede@example.com').map((message) => message.subject)).toEqual([
      'Confirm your price alert LIM → CUZ',
      `Price drop: LIM → CUZ now from ${formatMoney(450, US_DOLLARS, 'detail')}`,
    ]);
  });

  it('ends alerts whose departure passed and deletes them, unconfirmed ones after 3 days and unsubscribed ones, with their mails', async () => {
    world.cheapest = 300;
    await confirmedAlert('gala@example.com', 300, { date: '2026-12-01', return: undefined });
    expect((await create({ email: 'hugo@example.com' })).status).toBe(200);
    daysLater(4);
    await checkPriceAlerts(world.api.deps);
    expect(await world.api.deps.db.select().from(priceAlerts).where(eq(priceAlerts.email, 'hugo@example.com'))).toEqual([]);
    expect(await mailsTo('hugo@example.com')).toEqual([]);
    daysLater(30);
    await checkPriceAlerts(world.api.deps);
    expect((await alertOf('gala@example.com')).endedAt).not.toBeNull();
    daysLater(2);
    await checkPriceAlerts(world.api.deps);
    expect(await world.api.deps.db.select().from(priceAlerts).where(eq(priceAlerts.email, 'gala@example.com'))).toEqual([]);
    expect(await world.api.deps.db.select().from(priceAlerts).where(eq(priceAlerts.email, 'eva@example.com'))).toEqual([]);
    expect(await mailsTo('eva@example.com')).toEqual([]);
  });
});
