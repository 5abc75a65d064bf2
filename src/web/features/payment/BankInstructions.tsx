import { useLingui } from '@lingui/react/macro';
import { yapeAvailableFor } from '../../../contract/checkout-policy.ts';
import { YAPE_DAILY_LIMIT_PEN } from '../../../contract/checkout.ts';
import { formatMoney } from '../../../contract/money.ts';

const SOLES = { code: 'PEN', mask: 'S/', decimalCount: 2, decimalSeparator: '.', thousandSeparator: ',' };

/** Where each bank's app or online banking lists payments to companies (the banks' own menu names). */
const BANKS = [
  { name: 'BCP', menu: 'Pagar servicios' },
  { name: 'BBVA', menu: 'Pagar servicios' },
  { name: 'Interbank', menu: 'Pago de servicios' },
  { name: 'Scotiabank', menu: 'Pagos › Otras instituciones' },
] as const;

/**
 * How to pay the order at each of the four banks, and with Yape when the total allows it. Its heading
 * sits one level below the section it is in (h4 under the confirmation tab's h3, h3 under a card's h2, h5 under PagoEfectivo's h4).
 */
export function BankInstructions({ orderNumber, service, total, headingLevel = 4 }: { orderNumber: string; service: string; total: number; headingLevel?: 3 | 4 | 5 }) {
  const { t } = useLingui();
  const dailyLimit = formatMoney(YAPE_DAILY_LIMIT_PEN, SOLES, 'list');
  const Heading = `h${headingLevel}` as const;
  const BankHeading = `h${headingLevel + 1}` as 'h4' | 'h5' | 'h6';
  return (
    <section className="payment-order__banks" aria-labelledby="payment-order-banks-title">
      <Heading id="payment-order-banks-title">{t`How to pay`}</Heading>
      <ul className="payment-order__bank-list">
        {BANKS.map(({ name: bank, menu }) => (
          <li key={bank} className="payment-order__bank">
            <BankHeading>{bank}</BankHeading>
            <p>{t`At an Agente ${bank} or a ${bank} branch: say you are paying ${service} and give the code ${orderNumber}.`}</p>
            <p>{t`In the ${bank} app or online banking: go to ${menu}, choose ${service} and enter the code ${orderNumber}.`}</p>
          </li>
        ))}
      </ul>
      {yapeAvailableFor(total) && (
        <section className="payment-order__yape" aria-labelledby="payment-order-yape-title">
          <BankHeading id="payment-order-yape-title">Yape</BankHeading>
          <p>{t`In the Yape app choose 'Yapear servicios', search for ${service} and enter the code ${orderNumber}.`}</p>
          <p>{t`Yape accepts payments of up to ${dailyLimit} a day.`}</p>
        </section>
      )}
    </section>
  );
}

