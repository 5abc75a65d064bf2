import { z } from 'zod';
import { optionalQueryText } from '../../lib/url.ts';

/**
 * The result segment of the provider return pages. Anything unexpected reads as rejected: a page must
 * never claim a payment went through when the address does not say so.
 */
export const paymentResultSchema = z.enum(['success', 'rejected']).catch('rejected');

/** Acuotaz also returns `canceled`, which leads back to the booking confirmation (spec 3 §2). */
export const instalmentResultSchema = z.enum(['success', 'rejected', 'canceled']).catch('rejected');

/** PayMe's returns (success and error) name the booking's session (`id`); without it no payment can be shown. */
export const paymeReturnSchema = z.object({ id: optionalQueryText });
