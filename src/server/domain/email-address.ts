/**
 * The address a mail really reaches, for counting and dedupe (issue 36): `Ana.Perez+vuelos@GoogleMail.com`
 * and `anaperez@gmail.com` are one mailbox. Lower-cased; the +tag (sub-addressing) dropped; the dots of the
 * local part dropped where the provider ignores them (Gmail, whose other domain is googlemail.com). The
 * address as typed is still the one mails are sent to.
 */

/** Providers that ignore dots in the local part, by domain, and their one canonical domain. */
const DOTS_IGNORED: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

export function canonicalEmail(address: string): string {
  const lowered = address.trim().toLowerCase();
  const at = lowered.lastIndexOf('@');
  if (at <= 0) return lowered;
  const typedLocal = lowered.slice(0, at);
  const domain = lowered.slice(at + 1);
  // A local part that is only a tag (`+x@…`) keeps it: there is nothing else to compare.
  const untagged = typedLocal.split('+')[0] || typedLocal;
  const dotless = DOTS_IGNORED[domain];
  return dotless ? `${untagged.replaceAll('.', '')}@${dotless}` : `${untagged}@${domain}`;
}
