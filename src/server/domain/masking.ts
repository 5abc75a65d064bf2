/**
 * How personal data reads to someone who has not proved the right to it (manage-booking links,
 * sessions read without their owner key): enough to recognise one's own, not enough to use.
 */

/** All but the last two characters hidden: enough to recognise one's own document or phone. */
export function maskTail(value: string): string {
  return value.length <= 2 ? '•'.repeat(value.length) : `${'•'.repeat(value.length - 2)}${value.slice(-2)}`;
}

/** The first letter of the mailbox and the domain: "a•••@example.com". */
export function maskEmail(email: string): string {
  const [mailbox = '', domain = ''] = email.split('@');
  return `${mailbox.slice(0, 1)}•••@${domain}`;
}
