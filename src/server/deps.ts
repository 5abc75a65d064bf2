import type { Database } from './db/client.ts';

/** Everything a request handler may touch from outside, injected so tests control it. */
export interface AppDeps {
  db: Database;
  /** The current instant; tests move it to prove expiry. */
  now: () => Date;
}
