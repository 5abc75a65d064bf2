import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps } from './deps.ts';
import type { BookingAccess } from './access/policy.ts';
import type { RateCounter } from './rate-limit.ts';
import { validationFailure } from './errors.ts';
import { apiErrorSchema } from '../contract/common.ts';

/**
 * `access`: the booking a guarded route acts on and who proved a right to it (access/policy.ts);
 * `agencyTerminalId`: the agency terminal whose agent called a credit-line route; `rateCounter`: this API's
 * rate-limit counts (one per API process, shared through the database).
 */
export type AppEnv = { Variables: { deps: AppDeps; rateCounter: RateCounter; access?: BookingAccess; agencyTerminalId?: string } };

/** A router whose request validation failures answer 400 with the typed error body. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const failure = validationFailure(result.error, result.target);
        return c.json(failure.toBody(), 400);
      }
    },
  });
}

/** An error answer of a route in the OpenAPI document: always the contract's typed error body. */
export const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: apiErrorSchema } } });
