import { fromPromise } from 'xstate';

/**
 * A named side effect the app must supply with `.provide()` (it calls the typed API client).
 * Left unprovided it fails loudly instead of pretending to work.
 */
export const notProvided = <TOutput, TInput>(name: string) =>
  fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`The ${name} actor must be provided by the app`)));
