import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The signing secrets of the server; none of them has a default (a committed default signs for anyone). */
export interface ServerSecrets {
  /** HMAC key of agency search tokens. */
  searchTokenSecret: string;
  /** HMAC key of the sandbox gateway's card tokens and pages; absent when the sandbox gateway is off. */
  sandboxPaymentSecret?: string;
  /** HMAC key of the bookings' long-lived manage links. */
  bookingLinkSecret: string;
}

/** Each secret and the environment variable that provides it. */
export const SECRET_VARIABLES = { searchTokenSecret: 'SEARCH_TOKEN_SECRET', sandboxPaymentSecret: 'SANDBOX_PAYMENT_SECRET', bookingLinkSecret: 'BOOKING_LINK_SECRET' } as const satisfies Record<keyof ServerSecrets, string>;

/**
 * Whether the sandbox payment gateway is the configured one (PAYMENT_GATEWAY=sandbox). Unset, it is
 * outside production only: a production deployment without a real gateway offers no card payment
 * rather than a fake one.
 */
export function sandboxGatewayOn(env: NodeJS.ProcessEnv): boolean {
  return env.PAYMENT_GATEWAY ? env.PAYMENT_GATEWAY === 'sandbox' : env.NODE_ENV !== 'production';
}

/** Shorter keys are refused: an HMAC key should carry at least 256 bits. */
export const MIN_SECRET_LENGTH = 32;

export class MissingSecretsError extends Error {
  constructor(readonly variables: string[]) {
    super(`Refusing to start in production without ${variables.join(', ')}: set ${variables.length > 1 ? 'them' : 'it'} to a random string of at least ${MIN_SECRET_LENGTH} characters (e.g. openssl rand -base64 48).`);
  }
}

/**
 * Secrets come from the environment. In production (NODE_ENV=production) every one must be there.
 * Elsewhere a missing one is generated at random on first start and kept in the data directory
 * (`secrets.json`, readable by the owner only), so tokens survive a restart of the embedded default.
 */
export function loadSecrets(options: { env: NodeJS.ProcessEnv; dataDir: string }): ServerSecrets {
  const { env, dataDir } = options;
  const names = (Object.keys(SECRET_VARIABLES) as (keyof ServerSecrets)[]).filter((name) => name !== 'sandboxPaymentSecret' || sandboxGatewayOn(env));
  const weak = names.filter((name) => (env[SECRET_VARIABLES[name]] ?? '').length > 0 && env[SECRET_VARIABLES[name]]!.length < MIN_SECRET_LENGTH);
  if (weak.length > 0) throw new MissingSecretsError(weak.map((name) => `${SECRET_VARIABLES[name]} (too short)`));
  const missing = names.filter((name) => !env[SECRET_VARIABLES[name]]);
  if (missing.length > 0 && env.NODE_ENV === 'production') throw new MissingSecretsError(missing.map((name) => SECRET_VARIABLES[name]));

  const file = join(dataDir, 'secrets.json');
  const kept: Partial<ServerSecrets> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<ServerSecrets>) : {};
  const generated = Object.fromEntries(missing.filter((name) => !kept[name]).map((name) => [name, randomBytes(48).toString('base64url')]));
  if (Object.keys(generated).length > 0) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify({ ...kept, ...generated }, null, 2), { mode: 0o600 });
  }
  const secrets = { ...kept, ...generated };
  return Object.fromEntries(names.map((name) => [name, env[SECRET_VARIABLES[name]] || secrets[name]!])) as unknown as ServerSecrets;
}
