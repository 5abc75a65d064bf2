import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import {
  cardCheckoutFormIssues,
  isCreditCard,
  opensHostedForm,
  type CardCheckoutAccess,
  type CardCheckoutEvent,
  type CardCheckoutForm,
  type CardCheckoutProblem,
  type cardCheckoutMachine,
  type CardFormField,
} from '../../../../machines/card-checkout.machine.ts';
import { cardLast4 } from '../../../contract/checkout.ts';
import type { Language } from '../../../contract/common.ts';
import { formatMoney, US_DOLLARS } from '../../../contract/money.ts';
import { INSTALLMENT_OPTIONS } from '../../../contract/niubiz.ts';
import { useTracedActorRef } from '../../lib/trace.ts';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useTooManyRequestsText } from '../../ui/TooManyRequests.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { cardBrandLabel } from './card-brand.ts';
import { CardDenial } from './CardDenial.tsx';
import { cardCheckoutLogic } from './card-checkout-api.ts';
import './card-checkout.css';

export type CardCheckoutSnapshot = SnapshotFrom<typeof cardCheckoutMachine>;

export interface CardCheckoutViewProps {
  snapshot: CardCheckoutSnapshot;
  send: (event: CardCheckoutEvent) => void;
  /** Fixed in stories; the empty form otherwise. */
  initialForm?: Partial<CardCheckoutForm>;
}

/** Groups of four as the number is typed (at most 19 digits). */
const spacedCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** MM/YY: the slash after two digits, five characters at most (spec 3 §5). */
const expiryInput = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

function useProblemText() {
  const { t } = useLingui();
  const tooManyRequests = useTooManyRequestsText();
  const texts: Record<Exclude<CardCheckoutProblem, 'rateLimited'>, string> = {
    formIncomplete: t`Please complete the card details: some of them are missing or have an incorrect format.`,
    cardMismatch: t`The card number does not match the one entered earlier!`,
    cardInvalid: t`Error processing the payment: the card details are not valid.`,
    challengeCancelled: t`The payment was not confirmed with your bank. You can try again.`,
    hostedFormClosed: t`The card payment form was closed before paying. You can open it again.`,
  };
  return (problem: CardCheckoutProblem, retryAfterSeconds: number | null) => {
    if (problem !== 'rateLimited') return texts[problem];
    const words = tooManyRequests(retryAfterSeconds);
    return `${words.title}. ${words.text}`;
  };
}

/** The card form (nombre, apellido, email, card, expiry, CVV; installments for credit cards only). */
function CardFormFields({ snapshot, send, initialForm }: CardCheckoutViewProps) {
  const { t } = useLingui();
  const problemText = useProblemText();
  const { problem, retryAfterSeconds, session, checkoutLast4 } = snapshot.context;
  const [form, setForm] = useState<CardCheckoutForm>({ name: '', lastName: '', email: snapshot.context.email ?? '', cardNumber: '', expirationDate: '', securityCode: '', installments: 0, ...initialForm });
  const busy = !snapshot.matches({ checkout: 'form' });
  const showErrors = problem === 'formIncomplete';
  // Niubiz's own form (checkout.js) takes the card, its expiry, CVV and installments: here only the payer.
  const hosted = opensHostedForm(session);
  const issues = cardCheckoutFormIssues(form, undefined, hosted);
  const credit = !hosted && isCreditCard(form.cardNumber);
  const set = (field: keyof CardCheckoutForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const errorOf = (field: CardFormField, invalidText: string) => {
    const issue = showErrors ? issues[field] : undefined;
    return { isInvalid: issue !== undefined, errorMessage: issue === 'required' ? t`This field is required` : invalidText };
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'card.submit', form: { ...form, installments: credit ? form.installments : 0 } });
  };
  const amount = formatMoney(session?.amount ?? snapshot.context.amount, US_DOLLARS, 'detail');
  return (
    <form className="card-checkout__form" onSubmit={submit} aria-label={t`Card payment`} noValidate>
      <p className="card-checkout__amount">{t`Order ${snapshot.context.orderNumber} · ${amount}`}</p>
      {checkoutLast4 && <p className="card-checkout__hint">{t`Use the card ending in ${checkoutLast4} that you entered at checkout.`}</p>}
      {problem && (
        <p role="alert" className="card-checkout__problem">
          {problemText(problem, retryAfterSeconds)}
        </p>
      )}
      <div className="card-checkout__grid">
        <TextField label={t`First name`} value={form.name} onChange={set('name')} isDisabled={busy} autoComplete="cc-given-name" {...errorOf('name', t`This field is required`)} />
        <TextField label={t`Last name`} value={form.lastName} onChange={set('lastName')} isDisabled={busy} autoComplete="cc-family-name" {...errorOf('lastName', t`This field is required`)} />
        <TextField label={t`Email`} type="email" value={form.email} onChange={set('email')} isDisabled={busy} autoComplete="email" {...errorOf('email', t`Enter a valid email`)} />
        {!hosted && (
          <>
            <TextField
              label={t`Card number`}
              value={form.cardNumber}
              onChange={(value) => set('cardNumber')(spacedCardNumber(value))}
              isDisabled={busy}
              inputMode="numeric"
              autoComplete="cc-number"
              {...errorOf('cardNumber', t`Enter a valid card number`)}
            />
            <TextField
              label={t`Expiry (MM/YY)`}
              value={form.expirationDate}
              onChange={(value) => set('expirationDate')(expiryInput(value))}
              isDisabled={busy}
              inputMode="numeric"
              maxLength={5}
              autoComplete="cc-exp"
              {...errorOf('expirationDate', t`Enter a valid expiration date`)}
            />
            <TextField
              label={t`Security code (CVV)`}
              value={form.securityCode}
              onChange={(value) => set('securityCode')(value.replace(/\D/g, '').slice(0, 4))}
              isDisabled={busy}
              inputMode="numeric"
              autoComplete="cc-csc"
              {...errorOf('securityCode', t`Enter a valid cvv`)}
            />
          </>
        )}
        {credit && (
          <Select
            label={t`Installments`}
            options={INSTALLMENT_OPTIONS.map((count) => ({ id: count, label: count === 0 ? t`No installments` : t`${count} installments` }))}
            selectedKey={form.installments}
            onSelectionChange={(count) => setForm((current) => ({ ...current, installments: count }))}
            isDisabled={busy}
          />
        )}
      </div>
      {hosted && <p className="card-checkout__hint">{t`You will type your card in Niubiz's secure payment form.`}</p>}
      <Button variant="submit" type="submit" isDisabled={busy}>
        {busy ? t`Processing…` : t`Pay ${amount}`}
      </Button>
      {!hosted && form.cardNumber && cardLast4(form.cardNumber).length === 4 && checkoutLast4 && cardLast4(form.cardNumber) !== checkoutLast4 && (
        <p className="card-checkout__hint">{t`This card ends in ${cardLast4(form.cardNumber)}.`}</p>
      )}
    </form>
  );
}

/** The bank's confirmation step (3-D-Secure-like), before the payment is authorised. */
function Challenge({ snapshot, send }: CardCheckoutViewProps) {
  const { t } = useLingui();
  const { card, session, amount } = snapshot.context;
  const confirming = snapshot.matches({ checkout: 'confirmingChallenge' });
  const total = formatMoney(session?.amount ?? amount, US_DOLLARS, 'detail');
  const last4 = card?.last4 ?? '';
  return (
    <section className="card-checkout__challenge" aria-labelledby="card-challenge-title">
      <h4 id="card-challenge-title">{t`Confirm the payment with your bank`}</h4>
      <p>{t`Your bank asks you to confirm the payment of ${total} with the card ending in ${last4}.`}</p>
      <p className="card-checkout__hint">{t`Sandbox: no code is needed, confirm or cancel.`}</p>
      <div className="card-checkout__actions">
        <Button variant="primary" isDisabled={confirming} onPress={() => send({ type: 'challenge.confirm' })}>
          {confirming ? t`Confirming…` : t`Confirm payment`}
        </Button>
        <Button variant="secondary" isDisabled={confirming} onPress={() => send({ type: 'challenge.cancel' })}>
          {t`Cancel`}
        </Button>
      </div>
    </section>
  );
}

/**
 * The pending card order's way to pay (spec 3 §2): 'Realizar pago', the loader until the token arrives,
 * the card form (and the bank's confirmation when asked), the processing screen, and the outcome.
 */
export function CardCheckoutView(props: CardCheckoutViewProps) {
  const { t } = useLingui();
  const { snapshot, send } = props;
  const { authorization, card } = snapshot.context;
  const retry = (label: string) => (
    <Button variant="primary" onPress={() => send({ type: 'payment.retry' })}>
      {label}
    </Button>
  );
  let content;
  if (snapshot.matches('idle') || snapshot.matches('tokenFailed')) {
    content = (
      <>
        {snapshot.matches('tokenFailed') && <p role="alert">{t`The card payment could not be opened. Please try again.`}</p>}
        <Button variant="primary" onPress={() => send({ type: 'payment.start' })}>
          {t`Make payment`}
        </Button>
      </>
    );
  } else if (snapshot.matches('requestingToken')) {
    content = <Spinner label={t`Opening the card payment…`} />;
  } else if (snapshot.matches('checkout')) {
    content = (
      <>
        <CardFormFields {...props} />
        {snapshot.matches({ checkout: 'hostedForm' }) && <output>{t`Complete the payment in Niubiz's form.`}</output>}
        {(snapshot.matches({ checkout: 'challenge' }) || snapshot.matches({ checkout: 'confirmingChallenge' })) && <Challenge {...props} />}
      </>
    );
  } else if (snapshot.matches('processing') || snapshot.matches('notifying')) {
    content = (
      <div aria-busy="true">
        <Spinner label={t`Processing your payment…`} />
      </div>
    );
  } else if (snapshot.matches('success')) {
    const brand = authorization?.data?.cardBrand ?? card?.brand ?? '';
    const last4 = authorization?.data?.cardMask?.slice(-4) ?? card?.last4 ?? '';
    content = (
      <output className="card-checkout__success">
        <strong>{t`Your payment was successful`}</strong> {t`Paid with ${cardBrandLabel(brand)} ending in ${last4}.`}
      </output>
    );
  } else if (snapshot.matches('rejected')) {
    content = (
      <div role="alert">
        <h4>{t`Your payment order could not be processed`}</h4>
        {/* The acquirer's code in our words: its message is Spanish whatever the page's language (issue 37). */}
        <CardDenial code={authorization?.data?.actionCode} />
        {retry(t`Try again now!`)}
      </div>
    );
  } else if (snapshot.matches('connectionError')) {
    content = (
      <div role="alert">
        <p>{t`Could not connect to Niubiz`}</p>
        {retry(t`Try again`)}
      </div>
    );
  } else if (snapshot.matches('expired')) {
    content = (
      <div role="alert">
        <p>{t`The card payment expired after 20 minutes. Start it again to pay.`}</p>
        {retry(t`Make payment`)}
      </div>
    );
  }
  return <div className="card-checkout">{content}</div>;
}

export interface CardCheckoutProps {
  access: CardCheckoutAccess;
  language: Language;
  /**
   * The booking's session, on its confirmation page: an approval or a denial then shows its result page
   * (/niubiz/confirmation/…), and coming back from a denial opens a second card checkout by itself.
   */
  sessionID?: string;
  /** Opens the card checkout at once (back from a declined payment). */
  autoStart?: boolean;
}

export function CardCheckout({ access, language, sessionID, autoStart = false }: CardCheckoutProps) {
  const actor = useTracedActorRef(cardCheckoutLogic, { input: { ...access, language } });
  const snapshot = useSelector(actor, (current) => current);
  const navigate = useNavigate();
  const result = snapshot.matches('success') ? 'success' : snapshot.matches('rejected') ? 'rejected' : null;
  // The denial travels in the address as the acquirer's action code only: the result page words it from its own catalogue.
  const reason = snapshot.context.authorization?.data?.actionCode ?? undefined;
  useEffect(() => {
    if (autoStart && actor.getSnapshot().matches('idle')) actor.send({ type: 'payment.start' });
    // Once, on arrival: the actor is the component's own.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!sessionID || !result) return;
    void (async () => {
      // The booking's page, when the payer comes back to it from a denial, opens a second checkout.
      if (result === 'rejected') await navigate({ to: '/book/confirmation/$id', params: { id: sessionID }, search: (previous) => ({ ...previous, pay: 'card' as const }), replace: true });
      await navigate({ to: '/niubiz/confirmation/$result/$id', params: { result, id: sessionID }, search: (previous) => ({ ...previous, pay: undefined, reason: result === 'rejected' ? reason : undefined }) });
    })();
  }, [navigate, result, reason, sessionID]);
  return <CardCheckoutView snapshot={snapshot} send={actor.send} />;
}
