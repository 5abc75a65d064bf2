import { Temporal } from 'temporal-polyfill';
import { BUSINESS_TIMEZONE } from '../../../contract/common.ts';
import { CARD_BINS } from '../../../contract/checkout.ts';
import { engineFixtures } from '../../../contract/fixtures/engines.ts';
import type { Database } from '../client.ts';
import { coupons, exchangeRates, insurancePlans, type InsuranceAttribute } from '../schema/index.ts';

type CouponRow = typeof coupons.$inferInsert;
type PlanRow = typeof insurancePlans.$inferInsert;

/** Demo coupons: each rule of spec 2 §5 and spec 3 §3–§4 appears once (docs/checkout-api.md). */
export const seedCoupons: CouponRow[] = [
  // 5 % of the total, LATAM NDC / Amadeus / Sabre offers, paying PagoEfectivo (102) or pay later (103).
  { code: 'VERANO25', description: 'DISCOUNT_COUPON', amount: 5, percentage: true, perBooking: true, rph: '100,102,107-102,103-', brandedFares: [], paymentType: 102, apply: true },
  // US$ 10 off any offer, any payment.
  { code: 'BIENVENIDA10', description: 'COUPON', amount: 10, percentage: false, perBooking: true, rph: '', brandedFares: [], paymentType: null, apply: true },
  // Banco Ripley: the code itself switches the payment to 121 (spec 3 §4); Ripley cards only.
  { code: 'RIPLEY', description: 'DISCOUNT_COUPON', amount: 20, percentage: false, perBooking: true, rph: `-121-${CARD_BINS[121].join(',')}`, brandedFares: [], paymentType: 121, apply: true },
  // Tarjeta Oh: needs payment 122 and an Oh card (spec 2 §5).
  { code: 'OHDESCUENTO', description: 'DISCOUNT_COUPON', amount: 15, percentage: false, perBooking: true, rph: `-122-${CARD_BINS[122].join(',')}`, brandedFares: [], paymentType: 122, apply: true },
  // 8 % on LATAM Full / Standard families only.
  { code: 'LATAMPLUS', description: 'DISCOUNT_COUPON', amount: 8, percentage: true, perBooking: true, rph: '107--', brandedFares: ['SE', 'SF'], paymentType: null, apply: true },
  // A finished campaign and a switched-off code: both answer apply false.
  { code: 'NAVIDAD2025', description: 'COUPON', amount: 30, percentage: false, perBooking: true, rph: '', brandedFares: [], paymentType: null, apply: true, validFrom: new Date('2025-12-01T05:00:00Z'), validTo: new Date('2025-12-26T05:00:00Z') },
  { code: 'PAUSADO', description: 'COUPON', amount: 12, percentage: false, perBooking: true, rph: '', brandedFares: [], paymentType: null, apply: false },
];

const delayBenefit = (amount: number): InsuranceAttribute => ({ description: 'Demora de vuelo (más de 6 horas)', amount, unidad: 'USD', valor: amount.toLocaleString('en-US') });
const medical = (amount: number): InsuranceAttribute => ({ description: 'Asistencia médica por accidente o enfermedad', amount, unidad: 'USD', valor: amount.toLocaleString('en-US') });
const luggage = (amount: number): InsuranceAttribute => ({ description: 'Pérdida de equipaje', amount, unidad: 'USD', valor: amount.toLocaleString('en-US') });

/** Plan 1 and plan 2 per zone, as the insurance modal offers them (spec 2 §4). */
const plansFor = (profileId: string): PlanRow[] => [
  { profileId, productId: 'ASSIST-BASIC', zone: 'national', familyName: 'Asistencia Nacional Básica', priceDay: 1.75, attributes: [medical(5000), delayBenefit(100)], sortOrder: 1 },
  { profileId, productId: 'ASSIST-PLUS', zone: 'national', familyName: 'Asistencia Nacional Plus', priceDay: 2.9, attributes: [medical(15000), delayBenefit(200), luggage(600)], sortOrder: 2 },
  { profileId, productId: 'ASSIST-BASIC', zone: 'international', familyName: 'Asistencia Internacional Básica', priceDay: 4.5, attributes: [medical(40000), delayBenefit(150)], sortOrder: 1 },
  { profileId, productId: 'ASSIST-PLUS', zone: 'international', familyName: 'Asistencia Internacional Plus', priceDay: 7.25, attributes: [medical(100000), delayBenefit(300), luggage(1200)], sortOrder: 2 },
];

/**
 * The profiles insurance is offered to (spec 2 §5: five); every other profile gets none. The engine
 * configuration says which (the checkout asks for plans only there), so the plans follow it.
 */
export const INSURANCE_PROFILES = engineFixtures.filter((engine) => engine.insuranceProducts.length > 0).map((engine) => engine.profile.id);
export const seedInsurancePlans: PlanRow[] = INSURANCE_PROFILES.flatMap(plansFor);

/**
 * A deterministic USD → PEN rate for a day (around 3.70–3.80), standing in for the central bank's
 * published rate until an operator stores the real one with PUT /api/engines/payment/rates/{date}.
 */
export function sandboxRate(date: string): number {
  const day = Temporal.PlainDate.from(date).since(Temporal.PlainDate.from('2026-01-01')).days;
  return Math.round((3.75 + 0.04 * Math.sin(day / 9) + 0.01 * Math.cos(day / 3)) * 10_000) / 10_000;
}

/** The days seeded with a rate: the 90 days before today in Lima and the demo clock's season. */
export function seededRateDates(now: Date): string[] {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(BUSINESS_TIMEZONE).toPlainDate();
  const dates = new Set<string>();
  for (let back = 1; back <= 90; back++) dates.add(today.subtract({ days: back }).toString());
  for (let day = Temporal.PlainDate.from('2026-09-01'); Temporal.PlainDate.compare(day, Temporal.PlainDate.from('2027-03-31')) <= 0; day = day.add({ days: 1 })) {
    dates.add(day.toString());
  }
  return [...dates].sort();
}

export async function seedCheckout(db: Database, now: Date = new Date()): Promise<void> {
  for (const coupon of seedCoupons) {
    const row = { validFrom: null, validTo: null, ...coupon };
    await db.insert(coupons).values(row).onConflictDoUpdate({ target: coupons.code, set: row });
  }
  for (const plan of seedInsurancePlans) {
    await db
      .insert(insurancePlans)
      .values(plan)
      .onConflictDoUpdate({ target: [insurancePlans.profileId, insurancePlans.productId, insurancePlans.zone], set: plan });
  }
  // Seeded rates never overwrite one an operator stored (source 'manual').
  const rows = seededRateDates(now).map((date) => ({ date, base: 'USD', quote: 'PEN', rate: sandboxRate(date), source: 'sandbox', updatedAt: now }));
  for (let start = 0; start < rows.length; start += 200) {
    await db.insert(exchangeRates).values(rows.slice(start, start + 200)).onConflictDoNothing();
  }
}
