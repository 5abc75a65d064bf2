import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, priceAlertRecipients, priceAlerts } from '../../src/server/db/schema/index.ts';
import { canonicalEmail } from '../../src/server/domain/email-address.ts';
import { ALERT_MAILS_PER_DAY, checkPriceAlerts } from '../../src/server/services/price-alerts.ts';
import { startTestApi } from '../support/server.ts';
import { usePriceAlertWorld } from './price-alert-support.ts';

/**
 * Price alert mails cannot be turned on a stranger (issue 36: plus-address variants got 26 mails through in
 * two minutes): addresses compared canonical, one confirmation before anything else, a daily cap per
 * mailbox kept in the database. The supplier's cheapest total is the test's.
 */
const world = usePriceAlertWorld();

const december = (day: number) => `2026-12-${String(day).padStart(2, '0')}`;
const create = (email: string, date = december(12)) => world.api.json('/api/price-alerts', { origin: 'LIM', destination: 'CUZ', date, adults: 1, language: 'en', email });
/** Every alert mail to the mailbox of `email`, however its address was typed. */
async function mailsToMailbox(email: string) {
  const rows = await world.api.deps.db.select().from(mailOutbox);
  return rows.filter((mail) => mail.priceAlertId !== null && canonicalEmail(mail.recipient) === canonicalEmail(email));
}
const alertsOf = (email: string) => world.api.deps.db.select().from(priceAlerts).where(eq(priceAlerts.emailCanonical, canonicalEmail(email)));
const tokenIn = (text: string) => text.match(/\/vuelos\/price-alerts\/confirm\/([\w-]{43})\?lang=/)?.[1];
const daysLater = (days: number) => world.api.clock.advanceMinutes(days * 24 * 60);

describe('the canonical address', () => {
  it.each([
    ['Ana@Example.com', 'ana@example.com'],
    ['  ana+vuelos@example.com ', 'ana@example.com'],
    ['ana+a+b@example.com', 'ana@example.com'],
    ['a.n.a@example.com', 'a.n.a@example.com'],
    ['A.N.A+x@GMail.com', 'ana@gmail.com'],
    ['a.na@googlemail.com', 'ana@gmail.com'],
    ['+only@example.com', '+only@example.com'],
  ])('reads %s as %s', (typed, canonical) => {
    expect(canonicalEmail(typed)).toBe(canonical);
  });
});

describe('price alert mails to one mailbox', () => {
  it('keeps one alert for the variants of an address on one search, mailed once, to the address first typed', async () => {
    world.cheapest = 300;
    for (const email of ['Rosa.Diaz@gmail.com', 'rosadiaz+1@gmail.com', 'r.o.s.a.d.i.a.z+vuelos@googlemail.com']) {
      const response = await create(email);
      expect(response.status).toBe(200);
      expect((await response.json()).data.state).toBe('confirmationSent');
    }
    expect(await alertsOf('rosadiaz@gmail.com')).toHaveLength(1);
    const mails = await mailsToMailbox('rosadiaz@gmail.com');
    expect(mails.map((mail) => [mail.kind, mail.recipient])).toEqual([['price-alert-confirm', 'Rosa.Diaz@gmail.com']]);
  });

  it('mails one confirmation a day to an unconfirmed address, whatever the searches and variants (26 asks in two minutes: one mail)', async () => {
    world.cheapest = 300;
    for (let day = 1; day <= 26; day++) expect((await create(`victima+${day}@example.com`, december(day))).status).toBe(200);
    expect(await alertsOf('victima@example.com')).toHaveLength(26);
    expect((await mailsToMailbox('victima@example.com')).map((mail) => mail.kind)).toEqual(['price-alert-confirm']);

    // A day later, a new search may remind the address once more.
    daysLater(1);
    expect((await create('VICTIMA+27@example.com', december(27))).status).toBe(200);
    expect((await create('victima+28@example.com', december(28))).status).toBe(200);
    expect((await mailsToMailbox('victima@example.com')).map((mail) => mail.kind)).toEqual(['price-alert-confirm', 'price-alert-confirm']);
  });

  it('mails no drop before the address confirmed; one link confirms every alert of the address, and its new alerts then start without a mail', async () => {
    world.cheapest = 400;
    expect((await create('Teo@example.com', december(10))).status).toBe(200);
    expect((await create('teo+otro@example.com', december(11))).status).toBe(200);
    daysLater(1);
    world.cheapest = 300;
    await checkPriceAlerts(world.api.deps);
    expect((await mailsToMailbox('teo@example.com')).map((mail) => mail.kind)).toEqual(['price-alert-confirm']);

    const [confirmMail] = await mailsToMailbox('teo@example.com');
    const confirmed = await world.api.request(`/api/price-alerts/confirm/${tokenIn(confirmMail!.text)}`, { method: 'POST' });
    expect(confirmed.status).toBe(200);
    expect((await alertsOf('teo@example.com')).every((alert) => alert.confirmedAt !== null)).toBe(true);

    world.cheapest = 400;
    const same = await create('teo@example.com', december(15));
    expect((await same.json()).data.state).toBe('alreadyTracking');
    expect((await alertsOf('teo@example.com')).map((alert) => alert.confirmedAt !== null)).toEqual([true, true, true]);
    // Outside Gmail dots count: another mailbox, which confirms for itself.
    const another = await create('t.e.o+3@example.com', december(14));
    expect((await another.json()).data.state).toBe('confirmationSent');
    expect((await alertsOf('t.e.o@example.com')).map((alert) => alert.confirmedAt)).toEqual([null]);

    daysLater(1);
    world.cheapest = 300;
    await checkPriceAlerts(world.api.deps);
    const drops = (await mailsToMailbox('teo@example.com')).filter((mail) => mail.kind === 'price-alert-drop');
    // The two alerts made before the confirmation and the one made after it.
    expect(drops.map((mail) => mail.recipient).sort()).toEqual(['Teo@example.com', 'teo+otro@example.com', 'teo@example.com']);
  });

  it(`caps an address at ${ALERT_MAILS_PER_DAY} alert mails a day, counted in the database; what the cap held back goes out on a later day`, async () => {
    world.cheapest = 500;
    expect((await create('lima.viajes@gmail.com', december(1))).status).toBe(200);
    const [confirmMail] = await mailsToMailbox('limaviajes@gmail.com');
    await world.api.request(`/api/price-alerts/confirm/${tokenIn(confirmMail!.text)}`, { method: 'POST' });
    for (let day = 2; day <= 8; day++) expect((await create(`limaviajes+${day}@gmail.com`, december(day))).status).toBe(200);
    expect(await alertsOf('limaviajes@gmail.com')).toHaveLength(8);

    daysLater(1);
    world.cheapest = 400;
    await checkPriceAlerts(world.api.deps);
    const dropsOf = async () => (await mailsToMailbox('limaviajes@gmail.com')).filter((mail) => mail.kind === 'price-alert-drop');
    expect(await dropsOf()).toHaveLength(ALERT_MAILS_PER_DAY);
    const [counter] = await world.api.deps.db.select().from(priceAlertRecipients).where(eq(priceAlertRecipients.emailCanonical, 'limaviajes@gmail.com'));
    expect(counter).toMatchObject({ mailsThatDay: ALERT_MAILS_PER_DAY });
    expect(counter!.confirmedAt).not.toBeNull();

    // The next day's check mails the three lows held back, and no second mail of those already told.
    daysLater(1);
    await checkPriceAlerts(world.api.deps);
    expect(await dropsOf()).toHaveLength(8);
  });

  it('limits the alert requests of one mailbox, not of one spelling: 20 an hour across its variants (429)', async () => {
    const limited = await startTestApi({ supplier: world.supplier, rateLimits: 'on' });
    try {
      world.cheapest = 300;
      const ask = (email: string, date: string) =>
        limited.app.request('/api/price-alerts', {
          method: 'POST',
          body: JSON.stringify({ origin: 'LIM', destination: 'CUZ', date, adults: 1, language: 'en', email }),
          headers: { 'content-type': 'application/json' },
        });
      // Ten a minute per client: two minutes of asking.
      for (let index = 0; index < 20; index++) {
        if (index === 10) limited.clock.advanceMinutes(1);
        expect((await ask(`o.b.j.e.t.i.v.o+${index}@gmail.com`, december(index + 1))).status).toBe(200);
      }
      limited.clock.advanceMinutes(1);
      const refused = await ask('Objetivo+21@googlemail.com', december(21));
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', errors: [{ path: 'price-alert:email-hour' }] });
    } finally {
      await limited.close();
    }
  });
});
