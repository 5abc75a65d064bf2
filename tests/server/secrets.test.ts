import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecrets, MissingSecretsError } from '../../src/server/secrets.ts';

const folders: string[] = [];
const dataDir = () => {
  const folder = mkdtempSync(join(tmpdir(), 'vuelos-secrets-'));
  folders.push(folder);
  return folder;
};
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

describe('signing secrets have no default', () => {
  it('are generated at random on the embedded default, kept in the data directory (owner only) and reused', () => {
    const folder = dataDir();
    const first = loadSecrets({ env: {}, dataDir: folder });
    expect(first.searchTokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.sandboxPaymentSecret).not.toBe(first.searchTokenSecret);
    expect(first.bookingLinkSecret.length).toBeGreaterThanOrEqual(32);
    expect(new Set(Object.values(first)).size).toBe(3);
    expect(loadSecrets({ env: {}, dataDir: folder })).toEqual(first);
    expect(loadSecrets({ env: {}, dataDir: dataDir() }).searchTokenSecret).not.toBe(first.searchTokenSecret);
    expect(statSync(join(folder, 'secrets.json')).mode & 0o077).toBe(0);
    expect(JSON.parse(readFileSync(join(folder, 'secrets.json'), 'utf8'))).toEqual(first);
  });

  it('come from the environment when given, and a short one is refused', () => {
    const secret = 'x'.repeat(40);
    const other = 'y'.repeat(40);
    const links = 'w'.repeat(40);
    const given = loadSecrets({ env: { SEARCH_TOKEN_SECRET: secret, SANDBOX_PAYMENT_SECRET: other, BOOKING_LINK_SECRET: links, NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' }, dataDir: dataDir() });
    expect(given).toEqual({ searchTokenSecret: secret, sandboxPaymentSecret: other, bookingLinkSecret: links });
    expect(() => loadSecrets({ env: { BOOKING_LINK_SECRET: 'short' }, dataDir: dataDir() })).toThrow(/BOOKING_LINK_SECRET \(too short\)/);
    expect(() => loadSecrets({ env: { SEARCH_TOKEN_SECRET: 'short' }, dataDir: dataDir() })).toThrow(/SEARCH_TOKEN_SECRET \(too short\)/);
  });

  it('are required in production: loading names the missing variable', () => {
    const sandboxed = { NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' };
    expect(() => loadSecrets({ env: sandboxed, dataDir: dataDir() })).toThrow(MissingSecretsError);
    expect(() => loadSecrets({ env: sandboxed, dataDir: dataDir() })).toThrow(/SEARCH_TOKEN_SECRET, SANDBOX_PAYMENT_SECRET, BOOKING_LINK_SECRET/);
    expect(() => loadSecrets({ env: { ...sandboxed, SEARCH_TOKEN_SECRET: 'z'.repeat(40) }, dataDir: dataDir() })).toThrow(/without SANDBOX_PAYMENT_SECRET, BOOKING_LINK_SECRET:/);
    expect(() => loadSecrets({ env: { ...sandboxed, SEARCH_TOKEN_SECRET: 'z'.repeat(40), SANDBOX_PAYMENT_SECRET: 'v'.repeat(40) }, dataDir: dataDir() })).toThrow(/without BOOKING_LINK_SECRET:/);
  });

  it('leave the sandbox gateway off in production unless it is chosen: no sandbox secret, asked or kept', () => {
    const env = { NODE_ENV: 'production', SEARCH_TOKEN_SECRET: 'z'.repeat(40), BOOKING_LINK_SECRET: 'w'.repeat(40) };
    expect(loadSecrets({ env, dataDir: dataDir() }).sandboxPaymentSecret).toBeUndefined();
    expect(loadSecrets({ env: { ...env, NODE_ENV: 'development', PAYMENT_GATEWAY: 'none' }, dataDir: dataDir() }).sandboxPaymentSecret).toBeUndefined();
    expect(loadSecrets({ env: { BOOKING_LINK_SECRET: 'w'.repeat(40) }, dataDir: dataDir() }).sandboxPaymentSecret).toMatch(/^[\w-]{64}$/);
  });

  it('the server refuses to start with NODE_ENV=production and no secrets, saying which variable is missing', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const { SEARCH_TOKEN_SECRET: _unset, SANDBOX_PAYMENT_SECRET: _unsetToo, ...env } = process.env;
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...env, NODE_ENV: 'production', DATA_DIR: dataDir(), DATABASE_URL: '', PORT: '0', SERVE_WEB: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain('Refusing to start in production without SEARCH_TOKEN_SECRET');
  });
});
