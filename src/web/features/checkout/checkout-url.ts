import { z } from 'zod';
import { optionalQueryText } from '../../lib/url.ts';

/** Spec 2 §2: checkout reads terminalId (the root layout parses it) and redirectId from the query. */
export const checkoutSearchSchema = z.object({ redirectId: optionalQueryText });
