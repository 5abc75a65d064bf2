import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { PriceAlertEvent, priceAlertMachine } from '../../../../../machines/price-alert.machine.ts';
import type { CurrencyFormat } from '../../../../contract/engine.ts';
import { formatMoney } from '../../../../contract/money.ts';
import { Button } from '../../../ui/Button.tsx';
import { TooManyRequests } from '../../../ui/TooManyRequests.tsx';
import { ModalDialog } from '../../../ui/overlays.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import './price-alert.css';

export type PriceAlertSnapshot = SnapshotFrom<typeof priceAlertMachine>;

export interface PriceAlertViewProps {
  state: PriceAlertSnapshot;
  send: (event: PriceAlertEvent) => void;
  currency: CurrencyFormat;
}

/** "Track price" on results (issue 21): a button, and a dialog asking for the e-mail the price drops go to. */
export function PriceAlertView({ state, send, currency }: PriceAlertViewProps) {
  const { t } = useLingui();
  const { email, emailInvalid, alert, failure, retryAfterSeconds } = state.context;
  const close = () => send({ type: 'alert.close' });
  const isForm = state.matches('editing') || state.matches('submitting') || state.matches('failed');
  const closeButton = (
    <div className="dialog__actions">
      <Button onPress={close}>{t`Close`}</Button>
    </div>
  );
  const address = email.trim();
  const drop = alert && formatMoney(alert.dropAmount, currency, 'detail');
  const baseline = alert && formatMoney(alert.baselineTotal, currency, 'detail');

  return (
    <div className="price-alert">
      <Button variant="secondary" onPress={() => send({ type: 'alert.open' })}>
        {t`Track price`}
      </Button>
      <ModalDialog isOpen={!state.matches('idle')} title={t`Track this price`} onOpenChange={(isOpen) => !isOpen && close()} isDismissable={!state.matches('submitting')}>
        {isForm && (
          <form
            className="price-alert__form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'alert.submit' });
            }}
          >
            <p>{t`We will e-mail you when the lowest price of this search drops. You confirm the address by the link we send; every e-mail lets you stop in one click.`}</p>
            <TextField
              label={t`E-mail`}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(value) => send({ type: 'alert.type', email: value })}
              isInvalid={emailInvalid}
              errorMessage={t`Enter a valid e-mail address.`}
              isDisabled={state.matches('submitting')}
            />
            {state.matches('failed') && (
              <div className="price-alert__failure" role="alert">
                {failure === 'rateLimited' ? <TooManyRequests seconds={retryAfterSeconds} inAlert /> : <p>{t`We could not create the alert. Please try again.`}</p>}
                <Button variant="secondary" onPress={() => send({ type: 'alert.retry' })}>
                  {t`Try again`}
                </Button>
              </div>
            )}
            <div className="dialog__actions">
              <Button variant="secondary" onPress={close} isDisabled={state.matches('submitting')}>
                {t`Cancel`}
              </Button>
              <Button type="submit" isPending={state.matches('submitting')}>
                {state.matches('submitting') ? t`Sending…` : t`Track price`}
              </Button>
            </div>
          </form>
        )}
        {state.matches('awaitingConfirmation') && (
          <>
            <output className="price-alert__done">
              <span className="price-alert__headline">
                <Trans>Check your inbox: we sent a link to {address}.</Trans>
              </span>
              <span>
                <Trans>Open it to start the alert. We will write when the price falls {drop} under today's {baseline}.</Trans>
              </span>
            </output>
            {closeButton}
          </>
        )}
        {state.matches('alreadyTracking') && (
          <>
            <output className="price-alert__done">
              <span className="price-alert__headline">
                <Trans>{address} already tracks this search.</Trans>
              </span>
              <span>
                <Trans>We will write when the price falls {drop} under {baseline}.</Trans>
              </span>
            </output>
            {closeButton}
          </>
        )}
        {state.matches('notSold') && (
          <>
            <output className="price-alert__done">
              <span className="price-alert__headline">{t`There is no price to track: nothing is sold on these dates.`}</span>
            </output>
            {closeButton}
          </>
        )}
      </ModalDialog>
    </div>
  );
}
