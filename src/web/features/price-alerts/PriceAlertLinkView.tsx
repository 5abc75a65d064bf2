import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { PriceAlertLinkEvent, priceAlertLinkMachine } from '../../../../machines/price-alert-link.machine.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { formatCalendarDate } from '../../lib/dates.ts';
import { StatusPage } from '../layout/StatusPage.tsx';

export type PriceAlertLinkSnapshot = SnapshotFrom<typeof priceAlertLinkMachine>;

/** The page a price alert mail's link opens (issue 21): the alert confirmed, or stopped. */
export function PriceAlertLinkView({ snapshot, send }: { snapshot: PriceAlertLinkSnapshot; send: (event: PriceAlertLinkEvent) => void }) {
  const { t } = useLingui();
  const home = (
    <Link to="/" variant="primary">
      {t`Go to the main page`}
    </Link>
  );
  const { alert, action } = snapshot.context;
  if (snapshot.matches('working')) {
    return (
      <section className="page-message" aria-busy="true">
        <Spinner label={action === 'confirm' ? t`Confirming your price alert…` : t`Stopping your price alert…`} />
      </section>
    );
  }
  if (snapshot.matches('invalid')) {
    return (
      <StatusPage tone="warning" title={t`This price alert link is not valid`} actions={home}>
        <p>{action === 'confirm' ? t`It may have expired: an alert not confirmed within 3 days is deleted. Track the price again from a search.` : t`The alert no longer exists: you will get no more e-mails about it.`}</p>
      </StatusPage>
    );
  }
  if (snapshot.matches('failed') || !alert) {
    return (
      <StatusPage tone="error" title={t`Something went wrong`} actions={<Button onPress={() => send({ type: 'link.retry' })}>{t`Try again`}</Button>}>
        <p>{t`We could not reach our server. Please try again.`}</p>
      </StatusPage>
    );
  }
  const route = `${alert.origin} → ${alert.destination}`;
  return alert.state === 'confirmed' ? (
    <StatusPage tone="success" title={t`Your price alert is on`} actions={home}>
      <AlertTrip alert={alert} />
      <p>
        <Trans>We will check the price of {route} every day and write when it drops.</Trans>
      </p>
    </StatusPage>
  ) : (
    <StatusPage tone="info" title={t`You stopped this price alert`} actions={home}>
      <AlertTrip alert={alert} />
      <p>
        <Trans>You will get no more e-mails about {route}.</Trans>
      </p>
    </StatusPage>
  );
}

function AlertTrip({ alert }: { alert: NonNullable<PriceAlertLinkSnapshot['context']['alert']> }) {
  const { i18n } = useLingui();
  const dates = [alert.departureDate, ...(alert.returnDate ? [alert.returnDate] : [])].map((date) => formatCalendarDate(date, i18n.locale)).join(' – ');
  return (
    <p className="price-alert-link__trip">
      {alert.origin} → {alert.destination} · {dates}
    </p>
  );
}
