import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { decodePostSaleOrderId } from '../features/postsale/order-id.ts';
import { StatusPage } from '../features/layout/StatusPage.tsx';
import { HomeLink } from './-components/HomeLink.tsx';
import { PageHeading } from '../features/layout/PageHeading.tsx';

export const Route = createFileRoute('/seats/all/orderId/$orderId')({ component: PostSalePurchase });

/** Buying seats and baggage for an existing order (spec 3 §2 "Post-sale ancillaries purchase page"). */
function PostSalePurchase() {
  const { t } = useLingui();
  const order = decodePostSaleOrderId(Route.useParams().orderId);
  if (!order) {
    return (
      <StatusPage tone="warning" title={t`This order link is not valid`} actions={<HomeLink />}>
        <p>{t`Please open the link you received with your booking again, or contact our agents.`}</p>
      </StatusPage>
    );
  }
  const { identifier } = order;
  return (
    <section className="page-section" aria-labelledby="postsale-title">
      <PageHeading id="postsale-title">{t`Add seats and baggage`}</PageHeading>
      <div className="card">
        <p>{order.kind === 'recordLocator' ? t`Booking code ${identifier}` : t`Order ${identifier}`}</p>
        {order.business && <p>{t`Purchase from the business channel`}</p>}
      </div>
    </section>
  );
}
