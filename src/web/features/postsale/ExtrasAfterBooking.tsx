import { useLingui } from '@lingui/react/macro';
import { encodePostSaleOrderId, type SummaryEntry } from '../../../contract/postsale.ts';
import { Link } from '../../ui/Link.tsx';
import { PurchaseSummaryTables } from './PostSaleView.tsx';

/** The post-sale link of an order (spec 3 §2): base64 of its id, a dash and 'b' on the business channel. */
export const postSaleLinkParam = (orderId: string, business = false) => encodePostSaleOrderId(orderId, business ? 'b' : undefined);

/** 'Elegir asientos' (and 'Agregar equipaje'): the post-sale purchase page of the order. */
export function PostSaleLinks({ orderId, business = false, withBaggage = true }: { orderId: string; business?: boolean; withBaggage?: boolean }) {
  const { t } = useLingui();
  const params = { orderId: postSaleLinkParam(orderId, business) };
  return (
    <div className="extras__actions postsale-links">
      <Link to="/seats/all/orderId/$orderId" params={params} variant="secondary">
        {t`Choose seats`}
      </Link>
      {withBaggage && (
        <Link to="/seats/all/orderId/$orderId" params={params} variant="secondary">
          {t`Add baggage`}
        </Link>
      )}
    </div>
  );
}

/** Seats and bags bought after booking ('Compra 1' …), with the links to buy more. */
export function ExtrasAfterBooking({
  orderId,
  entries,
  flights,
  canBuy,
}: {
  orderId: string;
  entries: SummaryEntry[];
  flights: Array<{ origin: string; destination: string }>;
  canBuy: boolean;
}) {
  const { t } = useLingui();
  return (
    <section className="card" aria-labelledby="extras-after-booking-title">
      <h2 id="extras-after-booking-title">{t`Seats and baggage`}</h2>
      {entries.length === 0 ? <p>{t`No seats or baggage bought after booking yet.`}</p> : <PurchaseSummaryTables entries={entries} flights={flights} />}
      {canBuy && <PostSaleLinks orderId={orderId} />}
    </section>
  );
}
