import { useLingui } from '@lingui/react/macro';

/**
 * The card acquirer's denial, in our words: the known action codes (Niubiz's) have a text of the catalogue;
 * any other code, or none, gets the generic one. Never the acquirer's own description, which is Spanish
 * whatever the page's language (issue 37), nor words a crafted link carries (a phone number, a refund promise).
 */
export function CardDenial({ code }: { code: string | null | undefined }) {
  const { t } = useLingui();
  const texts: Record<string, string> = {
    '116': t`The card does not have enough funds.`,
    '180': t`The card is not valid.`,
    '190': t`The operation was declined. Contact the bank that issued your card.`,
    '400': t`The payment session expired.`,
  };
  return <p>{(typeof code === 'string' && Object.hasOwn(texts, code) ? texts[code] : undefined) ?? t`The card payment was declined.`}</p>;
}
