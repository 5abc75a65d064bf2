import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountWebApp } from '../../src/server/web.ts';
import { startTestApi } from '../support/server.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
let distDir: string;
beforeAll(async () => {
  api = await startTestApi();
  // A stand-in build: the headers do not depend on what the page holds.
  distDir = mkdtempSync(join(tmpdir(), 'vuelos-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Vuelos</title>');
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'assets', 'initial-Ab12Cd34.js'), 'export {};\n');
  writeFileSync(join(distDir, 'assets', 'initial-Ab12Cd34.css'), 'body{}\n');
  writeFileSync(join(distDir, 'assets', 'logo-Ab12Cd34.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mountWebApp(api.app, distDir);
});
afterAll(async () => {
  rmSync(distDir, { recursive: true, force: true });
  await api.close();
});

const directive = (response: Response, name: string) =>
  response.headers
    .get('content-security-policy')
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('security headers on every answer', () => {
  it.each(['/vuelos/', '/vuelos/LIM/CUZ/2026-12-10/1/0/0', '/api/engines?terminalId=9132868', '/api/nowhere', '/sandbox/payme/1'])('%s: a strict policy, no sniffing, no framing, origin-only referrers', async (path) => {
    const response = await api.request(path);
    expect(directive(response, 'script-src')).toBe("script-src 'self'");
    expect(directive(response, 'default-src')).toBe("default-src 'self'");
    expect(directive(response, 'object-src')).toBe("object-src 'none'");
    expect(directive(response, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Plain http (local runs): a browser ignores HSTS there, so none is sent.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it.each(['/vuelos/assets/initial-Ab12Cd34.js', '/vuelos/assets/initial-Ab12Cd34.css'])('%s: a subresource keeps no sniffing and same-origin loads, without the document-only headers', async (path) => {
    const response = await api.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const header of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'x-xss-protection']) expect(response.headers.get(header)).toBeNull();
  });

  it('keeps the whole policy on an SVG, which a browser may open as a document', async () => {
    const response = await api.request('/vuelos/assets/logo-Ab12Cd34.svg');
    expect(response.status).toBe(200);
    expect(directive(response, 'script-src')).toBe("script-src 'self'");
  });

  it('sends HSTS when served over https (directly or behind a proxy that says so)', async () => {
    const proxied = await api.request('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await api.app.request('https://vuelos.example/api/health')).headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('answers the API with Cache-Control: no-store (sessions carry travellers’ data)', async () => {
    const saved = await api.json('/api/sessions/save', {});
    expect(saved.headers.get('cache-control')).toBe('no-store');
    const { sessionID } = (await saved.json()) as { sessionID: string };
    expect((await api.request(`/api/sessions?id=${sessionID}`)).headers.get('cache-control')).toBe('no-store');
  });

  it('lets only an agency’s registered origins frame its embedded search form', async () => {
    const andes = await api.request('/vuelos/iframe/2113855');
    expect(andes.status).toBe(200);
    expect(directive(andes, 'frame-ancestors')).toBe('frame-ancestors https://andestravel.example');
    expect(andes.headers.get('x-frame-options')).toBeNull();
    expect(directive(andes, 'script-src')).toBe("script-src 'self'");
    // An account without registered sites, or none at all, cannot be framed.
    expect(directive(await api.request('/vuelos/iframe/9132868'), 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(await api.request('/vuelos/iframe/nobody'), 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });
});
