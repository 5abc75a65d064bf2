import { useState } from 'react';
import { Plural, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { CUSTOM_FEE_DESCRIPTION, PRICING_BOX_STICKY_OFFSET_PX, type InsuranceSelection } from '../../../../contract/checkout.ts';
import type { Fee, Pricing } from '../../../../contract/search.ts';
import type { checkoutMachine } from '../../../../../machines/checkout.machine.ts';
import { withCustomFee } from '../../../../../machines/selection.ts';
import { formatMoney, US_DOLLARS } from '../../../../contract/money.ts';
import { ONE_COLUMN_CHECKOUT_WIDTH, useMediaQuery } from '../../../lib/media.ts';
import { Button } from '../../../ui/Button.tsx';
import { Disclosure, DisclosurePanel, DisclosureTrigger } from '../../../ui/Disclosure.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useScrolledPast } from '../../results/banners/useScrolledPast.ts';
import { totalsOfCheckout, taxesWithFees, type CheckoutTotals } from './totals.ts';
import './pricing.css';

type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

const money = (amount: number) => formatMoney(amount, US_DOLLARS, 'detail');

function Line({ label, amount, negative = false, strong = false }: { label: string; amount: number; negative?: boolean; strong?: boolean }) {
  return (
    <div className={strong ? 'pricing__line pricing__line--total' : 'pricing__line'}>
      <dt>{label}</dt>
      <dd>{negative ? `- ${money(amount)}` : money(amount)}</dd>
    </div>
  );
}

function PassengerCount({ kind, count }: { kind: 'adults' | 'children' | 'infants'; count: number }) {
  if (kind === 'adults') return <Plural value={count} one="# adult" other="# adults" />;
  if (kind === 'children') return <Plural value={count} one="# child" other="# children" />;
  return <Plural value={count} one="# infant" other="# infants" />;
}

/** The agency's extra charge (spec 2 §4): numbers ≥ 0 add or replace CUSTOM, 0 or empty removes it. */
function CustomMarkupForm({ customFee, onCustomMarkup }: { customFee: number; onCustomMarkup: (value: string) => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(customFee ? customFee.toFixed(2) : '');
  const invalid = withCustomFee([], value) === null;
  return (
    <div className="pricing__markup">
      <Button variant="secondary" aria-expanded={open} onPress={() => setOpen(!open)}>
        {open ? t`Hide extra charge` : t`Add extra charge`}
      </Button>
      {open && (
        <form
          className="pricing__markup-form"
          onSubmit={(event) => {
            event.preventDefault();
            // A negative or non-numeric amount is said so and sent nowhere (issue 37: it was ignored without a word).
            if (!invalid) onCustomMarkup(value);
          }}
        >
          <TextField
            label={t`Extra charge (US$)`}
            value={value}
            onChange={setValue}
            inputMode="decimal"
            description={t`0 or empty removes it`}
            isInvalid={invalid}
            errorMessage={t`Enter an amount such as 15 or 15.50.`}
          />
          <Button type="submit">{t`Apply`}</Button>
        </form>
      )}
    </div>
  );
}

export interface PricingBoxViewProps {
  pricing: Pricing;
  fees: Fee[];
  totals: CheckoutTotals;
  /** An agency in B2B mode: per-passenger lines, agency fees and the extra charge form (spec 2 §6). */
  isAgencyView: boolean;
  insurance: InsuranceSelection | null;
  couponCode?: string | null;
  sticky?: boolean;
  onCustomMarkup?: (value: string) => void;
}

type PricingLinesProps = Pick<PricingBoxViewProps, 'pricing' | 'fees' | 'totals' | 'isAgencyView' | 'insurance' | 'couponCode'>;

/** The price lines down to the total to pay: the pricing box's list, and the phone total bar's breakdown. */
export function PricingLines({ pricing, fees, totals, isAgencyView, insurance, couponCode }: PricingLinesProps) {
  const { t } = useLingui();
  const types = [
    { key: 'adults', price: pricing.passengers.adults },
    { key: 'children', price: pricing.passengers.children },
    { key: 'infants', price: pricing.passengers.infants },
  ] as const;
  const agencyFees = fees.filter((fee) => fee.description !== CUSTOM_FEE_DESCRIPTION).reduce((sum, fee) => sum + fee.amount, 0);
  const agencyInsuranceFee = insurance?.isSelect ? insurance.feeAgency : 0;
  return (
    <dl className="pricing__lines">
      {isAgencyView ? (
        <>
          {types.map(({ key, price }) =>
            price ? (
              <div key={key} className="pricing__passenger">
                <dt className="pricing__passenger-type">
                  <PassengerCount kind={key} count={price.quantity} />
                </dt>
                <dd>
                  <dl>
                    <Line label={t`Base fare per passenger`} amount={price.base} />
                    <Line label={t`Taxes per passenger`} amount={price.taxes} />
                    <Line label={t`Subtotal per passenger`} amount={price.base + price.taxes} />
                    <Line label={t`Total`} amount={price.total * price.quantity} />
                  </dl>
                </dd>
              </div>
            ) : null,
          )}
          <Line label={t`Agency fee`} amount={agencyFees} />
          {totals.customFee > 0 && <Line label={t`Extra charge`} amount={totals.customFee} />}
          {agencyInsuranceFee > 0 && <Line label={t`Agency insurance fee`} amount={agencyInsuranceFee} />}
        </>
      ) : (
        <>
          <Line label={t`Fare`} amount={pricing.base} />
          <Line label={t`Taxes and fees`} amount={taxesWithFees(pricing)} />
        </>
      )}
      {totals.couponDiscount > 0 && <Line label={couponCode ? t`Discount code ${couponCode}` : t`Discount code`} amount={totals.couponDiscount} negative />}
      {totals.paymentDiscount > 0 && <Line label={t`Payment method discount`} amount={totals.paymentDiscount} negative />}
      {totals.insurance > 0 && <Line label={t`Travel insurance`} amount={totals.insurance} />}
      {totals.extras > 0 && <Line label={t`Extra baggage`} amount={totals.extras} />}
      {totals.seats > 0 && <Line label={t`Seats`} amount={totals.seats} />}
      <Line label={t`Total to pay`} amount={totals.total} strong />
    </dl>
  );
}

/** The pricing box (spec 2 §2, §6): what the booking costs, in US$ with cents. */
export function PricingBoxView({ sticky = false, onCustomMarkup, ...lines }: PricingBoxViewProps) {
  const { t } = useLingui();
  return (
    <aside className="pricing" data-sticky={sticky || undefined} aria-labelledby="pricing-title">
      <h2 id="pricing-title" className="pricing__title">{t`Price summary`}</h2>
      <PricingLines {...lines} />
      {lines.isAgencyView && onCustomMarkup && <CustomMarkupForm customFee={lines.totals.customFee} onCustomMarkup={onCustomMarkup} />}
      <p className="pricing__security">
        <span aria-hidden="true">🔒 </span>
        {t`Your data travels encrypted and your payment is processed securely.`}{' '}
        <a href="https://www.digicert.com/" target="_blank" rel="noreferrer" className="text-link">
          {t`See the security seal`}
        </a>
      </p>
    </aside>
  );
}

export interface TotalBarViewProps extends PricingLinesProps {
  /** The breakdown starts open (stories). */
  defaultExpanded?: boolean;
}

/**
 * The phone's total bar (issue 11): pinned to the bottom of the screen while the one-column checkout puts the
 * pricing box after the buy button; the total always in sight, the same lines as the box on demand.
 */
export function TotalBarView({ defaultExpanded = false, ...lines }: TotalBarViewProps) {
  const { t } = useLingui();
  return (
    <section className="total-bar" aria-label={t`Total to pay`}>
      <Disclosure defaultExpanded={defaultExpanded}>
        <div className="total-bar__summary">
          <p className="total-bar__total">
            <span>{t`Total to pay`}</span> <strong>{money(lines.totals.total)}</strong>
          </p>
          <DisclosureTrigger>{t`Price details`}</DisclosureTrigger>
        </div>
        {/* After the button in reading order; the bar's style opens it above the total. */}
        <DisclosurePanel>
          <div className="total-bar__breakdown">
            <PricingLines {...lines} />
          </div>
        </DisclosurePanel>
      </Disclosure>
    </section>
  );
}

export interface PricingBoxProps {
  checkout: CheckoutActor;
  /** Confirmed extra baggage and seats (US$). */
  extras?: number;
  seats?: number;
}

/** The pricing lines of the checkout as it stands (chosen fare, draft fees, coupon, insurance, extras, seats). */
function usePricingLines({ checkout, extras = 0, seats = 0 }: PricingBoxProps): PricingLinesProps | null {
  const context = useSelector(checkout, (snapshot) => snapshot.context);
  const pricing = context.session?.selectedFare?.pricing ?? context.session?.recommendation?.pricing;
  const totals = totalsOfCheckout(context, extras, seats);
  if (!pricing || !totals) return null;
  return {
    pricing,
    fees: context.draft.fees,
    totals,
    isAgencyView: context.engine.isAgency && context.business,
    insurance: context.draft.insurance.selection,
    couponCode: context.draft.coupon?.promotionalCode ?? null,
  };
}

/** The pricing box bound to the checkout actor; sticks once the page scrolled 304 px (spec 2 §2). */
export function PricingBox({ checkout, extras = 0, seats = 0 }: PricingBoxProps) {
  const lines = usePricingLines({ checkout, extras, seats });
  const sticky = useScrolledPast(PRICING_BOX_STICKY_OFFSET_PX);
  if (!lines) return null;
  return <PricingBoxView {...lines} sticky={sticky} onCustomMarkup={(value) => checkout.send({ type: 'markup.custom', value })} />;
}

/** The total bar bound to the checkout actor, shown only while the checkout is one column (phones). */
export function PricingTotalBar(props: PricingBoxProps) {
  const lines = usePricingLines(props);
  const isOneColumn = useMediaQuery(ONE_COLUMN_CHECKOUT_WIDTH);
  if (!lines || !isOneColumn) return null;
  return <TotalBarView {...lines} />;
}
