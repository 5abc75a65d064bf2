import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Temporal } from 'temporal-polyfill';
import {
  CASH_PAYMENT_DEADLINE_HOURS,
  PaymentProvider,
  REDIRECT_PROVIDER_CODES,
  YAPE_DAILY_LIMIT_PEN,
  type ExchangeRate,
} from '../../../../contract/checkout.ts';
import { paymentMinimum, type CardDeclineReason, type CheckoutPaymentMethods, type PaymentMinimum } from '../../../../contract/checkout-policy.ts';
import type { PaymentMethod } from '../../../../contract/engine.ts';
import type { checkoutMachine, ScotiabankCheck } from '../../../../../machines/checkout.machine.ts';
import { skipsCheckoutCard, type PaymentIssue } from '../../../../../machines/checkout.rules.ts';
import { formatMoney, US_DOLLARS } from '../../../../contract/money.ts';
import { Button } from '../../../ui/Button.tsx';
import { Radio, RadioGroup } from '../../../ui/RadioGroup.tsx';
import { useScotiabankRefusalMessage } from './scotiabank-messages.ts';
import { totalsOfCheckout } from '../pricing/totals.ts';
import type { CardUpdate } from './CardForms.tsx';
import { RedirectGatewayForm } from './RedirectGatewayForm.tsx';
import { PagoEfectivoHowItWorks } from '../../payment/PagoEfectivoHowItWorks.tsx';
import { usePaymentMethodName } from './method-name.ts';
import { exchangeRateQueryOptions, orderedMethods, paymentMethodsFor, yesterdayInLima } from './payment-api.ts';
import type { tokenizeCard } from './tokenize.ts';
import './payment.css';

/*
 * The card forms (their fields, checks and the country select) load when a method that shows one is
 * chosen, and before that on intent (a method hovered or focused), not with the page. The redirect
 * gateways' small form shows with the default cash method: it stays in the page.
 */
const loadCardForms = () => import('./CardForms.tsx');
const preloadCardForms = () => void loadCardForms();
const CardForm = lazy(() => loadCardForms().then((module) => ({ default: module.CardForm })));
const BankCardForm = lazy(() => loadCardForms().then((module) => ({ default: module.BankCardForm })));

type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

/** Which details a method shows under the grid. */
export type MethodDetails = 'card' | 'bankCard' | 'cashDeposit' | 'redirect' | 'cash' | 'instalmentsPen' | 'bankTransfer' | 'wallet';

export function methodDetails(method: Pick<PaymentMethod, 'onlineCode' | 'kind'>): MethodDetails {
  const code = method.onlineCode;
  if (code === PaymentProvider.interbank) return 'bankCard';
  if (code === PaymentProvider.pagoEfectivo) return 'cashDeposit';
  if (code === PaymentProvider.aCuotaz) return 'instalmentsPen';
  if (code === PaymentProvider.bankTransfer) return 'bankTransfer';
  if (code === PaymentProvider.bookWithoutPayment) return 'cash';
  if ((REDIRECT_PROVIDER_CODES as readonly number[]).includes(code) || method.kind === 'instalments') return 'redirect';
  if (method.kind === 'wallet') return 'wallet';
  return 'card';
}

/** Online banking or cash agents: the radio toggles which picture of the channels is shown. */
function ChannelPicture({ channel }: { channel: 'online' | 'cash' }) {
  const { t } = useLingui();
  const label = channel === 'online' ? t`Pay from your bank's app or website: BCP, BBVA, Interbank, Scotiabank` : t`Pay in cash at agents and branches: BCP, BBVA, Interbank, Western Union, Tambo+`;
  const names = channel === 'online' ? ['BCP', 'BBVA', 'Interbank', 'Scotiabank'] : ['BCP', 'BBVA', 'Interbank', 'Western Union', 'Tambo+'];
  return (
    <svg className="payment-channels__picture" role="img" aria-label={label} viewBox={`0 0 ${names.length * 100} 36`} width="100%" height="36">
      {names.map((name, index) => (
        <g key={name} transform={`translate(${index * 100} 0)`}>
          <rect x="2" y="2" width="92" height="32" rx="6" fill={channel === 'online' ? '#e8f0fe' : '#fff4e0'} stroke="#99a" />
          <text x="48" y="22" textAnchor="middle" fontSize="13" fill="#223">
            {name}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** PagoEfectivo (102): online or cash channel, the 6-hour deadline and the 'how does it work' explainer. */
function CashDepositDetails({ showAllErrors }: { showAllErrors: boolean }) {
  const { t } = useLingui();
  const [channel, setChannel] = useState<'online' | 'cash'>('online');
  const hours = CASH_PAYMENT_DEADLINE_HOURS;
  return (
    <div className="payment-details__body">
      <RadioGroup label={t`How will you pay?`} value={channel} onChange={(value) => setChannel(value === 'cash' ? 'cash' : 'online')} orientation="horizontal">
        <Radio value="online">{t`Online banking`}</Radio>
        <Radio value="cash">{t`Cash`}</Radio>
      </RadioGroup>
      <ChannelPicture channel={channel} />
      <p>{t`You will receive a payment code (CIP). Pay it within ${hours} hours or the booking is cancelled.`}</p>
      <PagoEfectivoHowItWorks />
      <RedirectGatewayForm showAllErrors={showAllErrors} />
    </div>
  );
}

function InstalmentsInSoles({ total, rate }: { total: number; rate: ExchangeRate | null | undefined }) {
  const { t } = useLingui();
  if (!rate) return <p>{t`The amount in soles is shown once today's exchange rate is available.`}</p>;
  const soles = formatMoney(Math.round(total * rate.rate * 100) / 100, { code: 'PEN', mask: 'S/', decimalCount: 2, decimalSeparator: '.', thousandSeparator: ',' }, 'detail');
  const exchange = rate.rate.toFixed(3);
  const day = rate.date;
  return (
    <p>
      {t`You pay ${soles} in instalments with ACuotaz (exchange rate ${exchange} of ${day}).`}
    </p>
  );
}

const PEN_FORMAT = { code: 'PEN', mask: 'S/', decimalCount: 2, decimalSeparator: '.', thousandSeparator: ',' };
/** A method's minimum purchase as money: US$ 30.00, S/ 100.00. */
const minimumText = (minimum: PaymentMinimum) => formatMoney(minimum.amount, minimum.currency === 'PEN' ? PEN_FORMAT : US_DOLLARS, 'detail');

/** The checkout's payment problem after a submit, in the active language (a declined card and the Scotiabank lookup speak at the method). */
function PaymentProblem({ issue, method }: { issue: PaymentIssue; method: PaymentMethod | null }) {
  const { t } = useLingui();
  const methodName = usePaymentMethodName();
  if (issue === 'declined' || issue === 'scotiabankRefused') return null;
  if (issue === 'scotiabankUnchecked') {
    return (
      <p role="alert" className="payment__problem">
        {t`Scotiabank has not yet confirmed that your card can book this trip.`}
      </p>
    );
  }
  const minimum = method ? paymentMinimum(method.onlineCode, 'USD') : null;
  const name = method ? methodName(method) : '';
  const amount = minimum ? minimumText(minimum) : '';
  return (
    <p role="alert" className="payment__problem">
      {issue === 'belowMinimum' ? t`${name} takes purchases from ${amount}. Choose another payment method.` : t`Complete your payment details to continue.`}
    </p>
  );
}

export interface PaymentSectionViewProps {
  offer: CheckoutPaymentMethods;
  selectedCode: number | null;
  onSelect: (code: number) => void;
  onCardChange: (update: CardUpdate) => void;
  /** The booking total in US$ (Yape below 500, ACuotaz in soles). */
  total: number;
  /** Agencies in B2B mode: the cash method's text is hidden (spec 2 §6). */
  isAgencyView: boolean;
  showAllErrors?: boolean;
  /** Why the submit check failed on the payment (checkout context.problem.issue when its kind is 'payment'). */
  paymentIssue?: PaymentIssue | null;
  /** The gateway declined the card in the form (checkout context.draft.card.declined). */
  cardDeclined?: CardDeclineReason | null;
  exchangeRate?: ExchangeRate | null;
  today?: Temporal.PlainDate;
  tokenize?: typeof tokenizeCard;
  /** False where no card vault takes the checkout's card (a real Niubiz alone): 104 and 123 then take none here. */
  cardVault?: boolean;
  /** The Scotiabank card's lookup for this trip (123, spec 2 §7), and asking it again when it did not answer. */
  scotiabank?: ScotiabankCheck;
  onScotiabankRetry?: () => void;
}

/** What the Scotiabank card's lookup says at the card form: checking, cannot reserve (why), or no answer (try again). */
function ScotiabankLookupNote({ check, onRetry }: { check: ScotiabankCheck; onRetry: () => void }) {
  const { t } = useLingui();
  const refusalMessage = useScotiabankRefusalMessage();
  if (check.status === 'checking') return <output className="payment-details__body">{t`Checking with Scotiabank that your card can book this trip…`}</output>;
  if (check.status === 'answered' && check.lookup.refusal) {
    return (
      <p role="alert" className="payment__problem">
        {refusalMessage(check.lookup.refusal)}
      </p>
    );
  }
  if (check.status !== 'unreachable') return null;
  return (
    <div role="alert" className="payment__problem">
      <p>{t`Scotiabank did not answer whether your card can book this trip. Try again or choose another payment method.`}</p>
      <Button variant="secondary" onPress={onRetry}>{t`Try again`}</Button>
    </div>
  );
}

/** The payment section (spec 2 §2, §4, §9): a grid of method tiles and the details of the chosen one. */
export function PaymentSectionView(props: PaymentSectionViewProps) {
  const { offer, selectedCode, onSelect, onCardChange, total, isAgencyView, showAllErrors = false, paymentIssue = null, cardDeclined = null, exchangeRate, today, tokenize, cardVault = true, scotiabank = { status: 'idle' }, onScotiabankRetry = () => {} } = props;
  const { t } = useLingui();
  const methodName = usePaymentMethodName();
  const methods = orderedMethods(offer);
  const selected = methods.find((method) => method.onlineCode === selectedCode) ?? null;
  const cardLater = selected !== null && skipsCheckoutCard(selected.onlineCode, cardVault);
  const scotiabankChosen = selected?.onlineCode === PaymentProvider.scotiabank;
  // A Scotiabank card that cannot reserve this trip takes no card: the form gives way to the reason.
  const scotiabankRefused = scotiabankChosen && scotiabank.status === 'answered' && !scotiabank.lookup.reservable;
  const details = selected && !cardLater && !scotiabankRefused ? methodDetails(selected) : null;
  const hours = CASH_PAYMENT_DEADLINE_HOURS;
  const dailyLimit = formatMoney(YAPE_DAILY_LIMIT_PEN, { code: 'PEN', mask: 'S/', decimalCount: 2, decimalSeparator: '.', thousandSeparator: ',' }, 'list');
  return (
    <section className="payment" aria-labelledby="payment-title">
      <h2 id="payment-title" className="payment__title">{t`Payment method`}</h2>
      {paymentIssue && <PaymentProblem issue={paymentIssue} method={selected} />}
      <RadioGroup
        aria-labelledby="payment-title"
        value={selectedCode === null ? null : String(selectedCode)}
        onChange={(code) => onSelect(Number(code))}
        // Below the method's minimum the choice itself is what to fix: a refused submit focuses it.
        isInvalid={paymentIssue === 'belowMinimum'}
      >
        <div className="payment__grid">
          {methods.map((method) => {
            // Cuotéalo BCP's minimum purchase shows on its tile (spec 2 §9).
            const minimum = paymentMinimum(method.onlineCode, 'USD');
            const amount = minimum ? minimumText(minimum) : '';
            return (
              <div key={method.id} className="payment__tile" data-selected={method.onlineCode === selectedCode || undefined}>
                <Radio value={String(method.onlineCode)} onHoverStart={preloadCardForms} onFocus={preloadCardForms}>
                  <span className="payment__tile-name">{methodName(method)}</span>
                  {minimum && <span className="payment__tile-note">{t`Minimum purchase ${amount}`}</span>}
                </Radio>
              </div>
            );
          })}
        </div>
      </RadioGroup>
      {selected && (
        <section className="payment-details" aria-label={t`Details of ${methodName(selected)}`}>
          {scotiabankChosen && <ScotiabankLookupNote check={scotiabank} onRetry={onScotiabankRetry} />}
          {cardLater && !scotiabankRefused && <p className="payment-details__body">{t`After booking, pay with 'Make payment': you will type your card in Niubiz's secure payment form.`}</p>}
          {details === 'card' && (
            <Suspense fallback={null}>
              <CardForm
                key={selected.onlineCode}
                paymentCode={selected.onlineCode}
                showAllErrors={showAllErrors}
                onCardChange={onCardChange}
                declined={cardDeclined}
                {...(today ? { today } : {})}
                {...(tokenize ? { tokenize } : {})}
              />
            </Suspense>
          )}
          {details === 'bankCard' && (
            <Suspense fallback={null}>
              <BankCardForm showAllErrors={showAllErrors} onCardChange={onCardChange} declined={cardDeclined} {...(tokenize ? { tokenize } : {})} />
            </Suspense>
          )}
          {details === 'cashDeposit' && <CashDepositDetails showAllErrors={showAllErrors} />}
          {details === 'redirect' && (
            <div className="payment-details__body">
              <p>{t`You will complete the payment on the provider's page after booking.`}</p>
              <RedirectGatewayForm key={selected.onlineCode} showAllErrors={showAllErrors} />
            </div>
          )}
          {details === 'instalmentsPen' && (
            <div className="payment-details__body">
              <InstalmentsInSoles total={total} rate={exchangeRate} />
              <RedirectGatewayForm showAllErrors={showAllErrors} />
            </div>
          )}
          {details === 'bankTransfer' && <p className="payment-details__body">{t`After booking, your booking's page lists the bank accounts to transfer the total into and the order code to quote.`}</p>}
          {details === 'wallet' && <p className="payment-details__body">{t`You will continue to ${methodName(selected)} to pay after booking.`}</p>}
          {details === 'cash' && !isAgencyView && (
            <div className="payment-details__body">
              <p>{t`Book now and pay in cash at a bank or at our offices within ${hours} hours.`}</p>
              {offer.yapeAvailable && <p>{t`You can also pay with Yape (limit ${dailyLimit} per day).`}</p>}
            </div>
          )}
        </section>
      )}
    </section>
  );
}

export interface PaymentSectionProps {
  checkout: CheckoutActor;
  /** Confirmed extras and seats, for the total (Yape, ACuotaz). */
  extras?: number;
  seats?: number;
}

/** The payment section bound to the checkout actor: `payment.select` and `card.update`. */
export function PaymentSection({ checkout, extras = 0, seats = 0 }: PaymentSectionProps) {
  const context = useSelector(checkout, (snapshot) => snapshot.context);
  const today = context.today;
  const session = context.session;
  const total = totalsOfCheckout(context, extras, seats)?.total ?? 0;
  const offer = paymentMethodsFor(context.engine, session ?? {}, today, total);
  const rate = useQuery({ ...exchangeRateQueryOptions(yesterdayInLima()), enabled: context.draft.paymentCode === PaymentProvider.aCuotaz });
  // When the methods load the policy's default is preselected, once (spec 2 §4); after a reload the
  // method chosen before stays, while it is still offered.
  const preselected = useRef(false);
  const keepsRestored = context.restored !== null && offer.methods.some((method) => method.onlineCode === context.draft.paymentCode);
  useEffect(() => {
    if (preselected.current || offer.defaultCode === null) return;
    preselected.current = true;
    if (offer.defaultCode !== context.draft.paymentCode && !keepsRestored) checkout.send({ type: 'payment.select', code: offer.defaultCode });
  }, [checkout, offer.defaultCode, context.draft.paymentCode, keepsRestored]);
  return (
    <PaymentSectionView
      offer={offer}
      selectedCode={context.draft.paymentCode}
      onSelect={(code) => checkout.send({ type: 'payment.select', code })}
      onCardChange={(update) => checkout.send({ type: 'card.update', ...update })}
      total={total}
      isAgencyView={context.engine.isAgency && context.business}
      showAllErrors={context.showAllErrors}
      paymentIssue={context.problem?.kind === 'payment' ? context.problem.issue : null}
      cardDeclined={context.draft.card.declined}
      exchangeRate={rate.data ?? null}
      cardVault={context.engine.cardVault !== false}
      scotiabank={context.scotiabank}
      onScotiabankRetry={() => checkout.send({ type: 'scotiabank.retry' })}
    />
  );
}
