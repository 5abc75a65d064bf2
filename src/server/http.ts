import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps } from './deps.ts';
import { validationFailure } from './errors.ts';

export type AppEnv = { Variables: { deps: AppDeps } };

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

/** Shared responses for the OpenAPI document of every route. */
export { apiErrorSchema } from '../contract/common.ts';
