import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { PagoEfectivoAccess, PagoEfectivoEvent, pagoEfectivoCipMachine } from '../../../../machines/pagoefectivo-cip.machine.ts';
import { BUSINESS_TIMEZONE, type Language } from '../../../contract/common.ts';
import { formatMoney, US_DOLLARS } from '../../../contract/money.ts';
import { formatInstant } from '../../lib/dates.ts';
import { useTracedActorRef } from '../../lib/trace.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { BankInstructions } from './BankInstructions.tsx';
import { pagoEfectivoCipLogic } from './pagoefectivo-api.ts';

export interface PagoEfectivoCipViewProps {
  snapshot: SnapshotFrom<typeof pagoEfectivoCipMachine>;
  send: (event: PagoEfectivoEvent) => void;
  /** h4 under the confirmation's payment tab, h3 under manage-booking's payment section. */
  headingLevel?: 3 | 4;
}

/** PagoEfectivo's voucher page, in the page's language when it is the sandbox's own (a path on this server). */
const voucherHref = (cipUrl: string, language: Language) => (cipUrl.startsWith('/') ? `${cipUrl}${cipUrl.includes('?') ? '&' : '?'}lang=${language}` : cipUrl);

/** A pending PagoEfectivo order (102): its CIP code, amount and expiry, and PagoEfectivo's page to pay it. */
export function PagoEfectivoCipView({ snapshot, send, headingLevel = 4 }: PagoEfectivoCipViewProps) {
  const { t, i18n } = useLingui();
  const Heading = `h${headingLevel}` as const;
  const { cip, language } = snapshot.context;
  const timeLimit = cip ? formatInstant(cip.expiresAt, i18n.locale, BUSINESS_TIMEZONE) : '';
  return (
    <section className="payment-order__banks" aria-labelledby="payment-pagoefectivo-title">
      <Heading id="payment-pagoefectivo-title">{t`Pay with PagoEfectivo`}</Heading>
      {snapshot.matches('loading') && <Spinner label={t`Preparing your CIP code`} />}
      {snapshot.matches('ready') && cip && (
        <>
          <dl className="payment-order__details" aria-label={t`Your CIP code`}>
            <div>
              <dt>{t`CIP code`}</dt>
              <dd>{cip.cip}</dd>
            </div>
            <div>
              <dt>{t`Amount to pay`}</dt>
              <dd>{formatMoney(cip.amount, US_DOLLARS, 'detail')}</dd>
            </div>
            <div>
              <dt>{t`CIP expires`}</dt>
              <dd>{t`${timeLimit} (Lima time)`}</dd>
            </div>
          </dl>
          <p>{t`Pay this CIP code at a bank, an agent or your online banking under PagoEfectivo, or from PagoEfectivo's page, before it expires.`}</p>
          <a className="button button--primary" href={voucherHref(cip.cipUrl, language)}>
            {t`Open your CIP at PagoEfectivo`}
          </a>
          {/* The four banks and Yape take the CIP code under PagoEfectivo (spec 2 §2 payment order screen). */}
          <BankInstructions orderNumber={cip.cip} service="PagoEfectivo" total={cip.amount} headingLevel={headingLevel === 3 ? 4 : 5} />
        </>
      )}
      {snapshot.matches('notPending') && <p role="alert">{t`This payment order is no longer waiting for payment.`}</p>}
      {snapshot.matches('failed') && (
        <div role="alert">
          <p>{t`Your CIP code could not be prepared.`}</p>
          <Button variant="secondary" onPress={() => send({ type: 'cip.retry' })}>
            {t`Try again`}
          </Button>
        </div>
      )}
    </section>
  );
}

export function PagoEfectivoCip({ access, language, headingLevel }: { access: PagoEfectivoAccess; language: Language; headingLevel?: 3 | 4 }) {
  const actor = useTracedActorRef(pagoEfectivoCipLogic, { input: { ...access, language } });
  const snapshot = useSelector(actor, (current) => current);
  return <PagoEfectivoCipView snapshot={snapshot} send={actor.send} headingLevel={headingLevel} />;
}
