import { useId, useState } from 'react';
import { Plural, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { CurrencyFormat, Engine } from '../../../../contract/engine.ts';
import type { RecommendationCardEvent, recommendationCardMachine } from '../../../../../machines/recommendation-card.machine.ts';
import { withCustomFee } from '../../../../../machines/selection.ts';
import { fromCents, priceBreakdown, taxesWithFees, type BookingLineKind, type PassengerTypeLine, type PriceBreakdown } from '../../../../../machines/price-breakdown.ts';
import { customFeeOf } from '../../../../contract/checkout-totals.ts';
import type { PriceTone } from '../../../../../machines/filters.rules.ts';
import { formatMoney, US_DOLLARS } from '../../../../contract/money.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { Tooltip } from '../../../ui/Tooltip.tsx';
import { useLanguage } from '../../search/use-language.ts';
import { hasCampaignDiscount, type CardAudience } from './audience.ts';
import { wantsBags, type BagChoice, type BagTotal } from '../../../../../machines/bag-prices.ts';

export type RecommendationCardSnapshot = SnapshotFrom<typeof recommendationCardMachine>;
type Send = (event: RecommendationCardEvent) => void;

const sum = (amounts: number[]) => Math.round(amounts.reduce((total, amount) => total + amount, 0) * 100) / 100;

/** The markup tooltip: what was applied, that it failed, or that none applies (spec 1 §8). */
function MarkupHint({ snapshot, currency }: { snapshot: RecommendationCardSnapshot; currency: CurrencyFormat }) {
  const { t } = useLingui();
  const { markups, markupMessage } = snapshot.context;
  const language = useLanguage();
  let content: string;
  if (snapshot.matches({ markups: 'loading' })) content = t`Applying markups…`;
  // The server's message is English whatever the page's language: the reader gets the translated fact.
  else if (markupMessage) content = t`The markups could not be applied. Try again later.`;
  else if (markups.length === 0) content = t`This recommendation has no markups`;
  else content = markups.map((markup) => `${markup.nameTranslations?.[language] ?? markup.name}: ${formatMoney(markup.amount, currency, 'detail')}`).join(' · ');
  return (
    <Tooltip content={content}>
      <Button variant="secondary" aria-label={t`Markups`}>
        i
      </Button>
    </Tooltip>
  );
}

/** The agency's extra charge (CUSTOM fee): typed freely, applied when it is a number. */
function ExtraChargeField({ snapshot, send }: { snapshot: RecommendationCardSnapshot; send: Send }) {
  const { t } = useLingui();
  const initial = customFeeOf(snapshot.context.fees);
  const [text, setText] = useState(initial > 0 ? String(initial) : '');
  const canEdit = snapshot.matches({ markups: 'applied' }) || snapshot.matches({ markups: 'failed' });
  return (
    <TextField
      label={t`Extra charge`}
      description={t`You can add extra profit at the next step.`}
      errorMessage={t`Enter an amount such as 15 or 15.50.`}
      inputMode="decimal"
      value={text}
      isInvalid={withCustomFee([], text) === null}
      isDisabled={!canEdit}
      onChange={(value) => {
        setText(value);
        send({ type: 'fee.custom', value });
      }}
    />
  );
}

/** Per passenger type: one person's fare, taxes and fees, × how many = the line's amount (issue 20). */
function PriceBreakdownPanel({ breakdown, audience, id }: { breakdown: PriceBreakdown; audience: CardAudience; id: string }) {
  const { t } = useLingui();
  const money = (cents: number) => formatMoney(fromCents(cents), US_DOLLARS, 'detail');
  const typeName = (line: PassengerTypeLine) =>
    line.type === 'ADT' ? (
      <Plural value={line.quantity} one="# adult" other="# adults" />
    ) : line.type === 'CHD' ? (
      <Plural value={line.quantity} one="# child" other="# children" />
    ) : (
      <Plural value={line.quantity} one="# infant" other="# infants" />
    );
  const eachName = (line: PassengerTypeLine) => (line.type === 'ADT' ? t`Per adult` : line.type === 'CHD' ? t`Per child` : t`Per infant`);
  const bookingNames: Record<BookingLineKind, string> = {
    serviceFees: t`Service fees`,
    markups: t`Agency charges`,
    extraCharge: t`Extra charge`,
    adjustment: t`Other charges`,
  };
  // Fees that do not divide evenly among the seated passengers show once, as a booking line.
  const feesPerPassenger = !breakdown.bookingLines.some((line) => line.kind === 'serviceFees');
  const taxesLabel = audience.taxesAndCharges ? t`Taxes and charges` : audience.isAgencyView ? t`Taxes` : t`Taxes and fees`;
  return (
    <section id={id} className="price-breakdown" aria-label={t`Price breakdown`}>
      <ul className="price-breakdown__types">
        {breakdown.lines.map((line) => (
          <li key={line.type} className="price-breakdown__type" data-type={line.type}>
            <p className="price-breakdown__type-name">{typeName(line)}</p>
            <dl className="price-breakdown__unit" aria-label={eachName(line)}>
              <dt>{t`Fare`}</dt>
              <dd>{money(line.base)}</dd>
              <dt>{taxesLabel}</dt>
              <dd>{money(audience.isAgencyView ? line.taxes : taxesWithFees(line))}</dd>
              {audience.isAgencyView && feesPerPassenger && (
                <>
                  <dt>{t`Service fees`}</dt>
                  <dd>{money(line.fees)}</dd>
                </>
              )}
            </dl>
            <p className="price-breakdown__line" data-amount-cents={line.amount}>
              <span>
                {money(line.unit)} × {line.quantity}
              </span>
              <span> = </span>
              <strong>{money(line.amount)}</strong>
            </p>
          </li>
        ))}
      </ul>
      {breakdown.bookingLines.length > 0 && (
        <dl className="price-breakdown__booking">
          {breakdown.bookingLines.map((line) => (
            <div key={line.kind} data-amount-cents={line.amount}>
              <dt>{bookingNames[line.kind]}</dt>
              <dd>{money(line.amount)}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="price-breakdown__total" data-amount-cents={breakdown.total}>
        <span>{t`Total`}</span>
        <strong>{money(breakdown.total)}</strong>
      </p>
    </section>
  );
}

export interface PriceSummaryProps {
  snapshot: RecommendationCardSnapshot;
  send: Send;
  engine: Engine;
  audience: CardAudience;
  tone: PriceTone | null;
  /** Present when the offer sells other branded fares (the upsell rules of spec 1 §5). */
  onSeeFares: (() => void) | null;
  /** The bags chosen on the results page and what they make of this fare's total (issue 21). */
  bags: BagChoice;
  bagTotal: BagTotal;
}

/** What the total says about the chosen bags: included (and what they add), or why they are not. */
function BagsNote({ bags, bagTotal, currency }: { bags: BagChoice; bagTotal: BagTotal; currency: CurrencyFormat }) {
  const { t } = useLingui();
  if (!wantsBags(bags)) return null;
  if (bagTotal.kind === 'priced') {
    const extra = formatMoney(bagTotal.extra, currency, 'detail');
    return (
      <p className="price-summary__bags" data-bags="priced">
        {t`Includes bags (+${extra})`}
      </p>
    );
  }
  if (bagTotal.kind === 'fare') {
    return (
      <p className="price-summary__bags" data-bags="included">
        {t`Includes bags: this fare already has them`}
      </p>
    );
  }
  if (bagTotal.kind === 'unknown') {
    return (
      <p className="price-summary__bags" data-bags="unknown">
        {t`Bag price unknown for this fare: total without bags`}
      </p>
    );
  }
  return (
    <p className="price-summary__bags" data-bags="unavailable">
      {t`This fare does not sell the chosen bags: total without bags`}
    </p>
  );
}

/** The card's right column: total, price lines for the audience, and the select button. */
export function PriceSummary({ snapshot, send, engine, audience, tone, onSeeFares, bags, bagTotal }: PriceSummaryProps) {
  const { t } = useLingui();
  const totalId = useId();
  const breakdownId = useId();
  const { recommendation, fees, markups, commission, breakdownOpen } = snapshot.context;
  const { pricing, pos } = recommendation;
  const money = (amount: number) => formatMoney(amount, engine.currency);
  const breakdown = priceBreakdown(recommendation, fees, markups);
  const total = fromCents(breakdown.total + (bagTotal.kind === 'priced' ? Math.round(bagTotal.extra * 100) : 0));
  const passengerCount = breakdown.passengerCount;
  const serviceFees = sum(fees.filter((fee) => fee.description !== 'CUSTOM').map((fee) => fee.amount));
  const charges = sum([serviceFees, ...markups.map((markup) => markup.amount)]);
  const isSaving = snapshot.matches({ selection: 'saving' });
  const toneNames: Record<PriceTone, string> = { cheap: t`Good price`, normal: '', expensive: t`High price` };
  return (
    <div className="price-summary">
      {audience.showsProvider && (
        <span className="provider-badge" data-group={pos.group}>
          {pos.group} · {pos.providerName}
        </span>
      )}
      {hasCampaignDiscount(pricing.discounts) && <span className="campaign-badge">Cyber</span>}
      <p className="price-summary__total" data-tone={tone ?? undefined}>
        <span className="price-summary__total-label">{t`Total`}</span>
        <strong id={totalId}>{money(total)}</strong>
        <span className="price-summary__party">
          <Plural value={passengerCount} one="for # passenger" other="for # passengers" />
        </span>
        {tone && toneNames[tone] && <span className="price-summary__tone">{toneNames[tone]}</span>}
      </p>
      <BagsNote bags={bags} bagTotal={bagTotal} currency={engine.currency} />
      <dl className="price-lines">
        {/* Spec 1 §9: the price per adult is the adult's base fare; the lines below are the whole party's. */}
        <dt>{t`Fare per adult`}</dt>
        <dd>{money(pricing.passengers.adults.base)}</dd>
        <dt>{t`Fare`}</dt>
        <dd>{money(pricing.base)}</dd>
        <dt>{audience.taxesAndCharges ? t`Taxes and charges` : t`Taxes`}</dt>
        {/* Consumers see the service fees inside the taxes line (spec 1 §6). */}
        <dd>{money(audience.isAgencyView ? pricing.taxes : sum([pricing.taxes, serviceFees]))}</dd>
        {audience.isAgencyView && (
          <>
            <dt>
              {t`Charges`} <MarkupHint snapshot={snapshot} currency={engine.currency} />
            </dt>
            <dd>{money(charges)}</dd>
          </>
        )}
        {audience.showsCommission && (
          <>
            <dt>{t`Commission`}</dt>
            <dd>{commission ? formatMoney(commission.amount, engine.currency, 'detail') : t`Loading…`}</dd>
          </>
        )}
      </dl>
      {pricing.repriceRequired && <p className="price-summary__note">{t`This fare is confirmed with the airline when you book.`}</p>}
      {audience.isAgencyView && <ExtraChargeField snapshot={snapshot} send={send} />}
      <Button variant="secondary" aria-expanded={breakdownOpen} aria-controls={breakdownOpen ? breakdownId : undefined} onPress={() => send({ type: 'breakdown.toggle' })}>
        {breakdownOpen ? t`Hide price breakdown` : t`Price breakdown`}
      </Button>
      {breakdownOpen && <PriceBreakdownPanel breakdown={breakdown} audience={audience} id={breakdownId} />}
      {onSeeFares && (
        <Button variant="secondary" onPress={onSeeFares}>
          {t`See fares`}
        </Button>
      )}
      <Button
        variant="submit"
        isPending={isSaving}
        isDisabled={snapshot.matches({ selection: 'done' }) || snapshot.matches({ selection: 'notOwner' })}
        aria-describedby={totalId}
        onPress={() => send({ type: 'card.select', bags })}
      >
        {isSaving && <span className="button__spinner" aria-hidden="true" />}
        {audience.isAgencyView ? t`Select` : t`Checkout`}
      </Button>
      {snapshot.matches({ selection: 'failed' }) && (
        <p role="alert" className="price-summary__error">
          {t`We could not save your selection. Please try again.`}
        </p>
      )}
      {snapshot.matches({ selection: 'notOwner' }) && (
        <p role="alert" className="price-summary__error">
          {t`This search was started in another browser. Please search again to choose a flight.`}
        </p>
      )}
    </div>
  );
}
