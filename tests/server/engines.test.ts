import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../src/contract/common.ts';
import { countryTerminalsResponseSchema, engineResponseSchema, paymentMethodsResponseSchema } from '../../src/contract/engine.ts';
import { startTestApi } from '../support/server.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('GET /api/engines/{id}', () => {
  it('returns the default consumer terminal of Peru, priced in US dollars', async () => {
    const response = await api.request('/api/engines/9132868');
    expect(response.status).toBe(200);
    const { data } = engineResponseSchema.parse(await response.json());
    expect(data).toMatchObject({ id: '9132868', isAgency: false, profile: { countryCode: 'PE', profileTypeId: 0 } });
    expect(data.currency).toMatchObject({ code: 'USD', mask: 'US$' });
  });

  it('returns an agency terminal with its own logo, favicon, theme and links', async () => {
    const { data } = engineResponseSchema.parse(await (await api.request('/api/engines/2113855')).json());
    expect(data.isAgency).toBe(true);
    expect(data.profile.profileTypeId).toBe(1);
    expect(data.profile.logoURL).toBe('/vuelos/brand/andes.svg');
    expect(data.profile.icoURL).toBe('/vuelos/brand/andes-icon.svg');
    expect(data.theme?.primary).toBe('#0b5d57');
    expect(data.links.map((link) => link.name)).toContain('Tarifario');
  });

  it('keeps the leading zero of the token-exempt agency terminal', async () => {
    const { data } = engineResponseSchema.parse(await (await api.request('/api/engines/0604596344')).json());
    expect(data.id).toBe('0604596344');
    expect(data.isAgency).toBe(true);
  });

  it('answers 404 with the typed error for an unknown terminal', async () => {
    const response = await api.request('/api/engines/1234567');
    expect(response.status).toBe(404);
    expect(apiErrorSchema.parse(await response.json())).toMatchObject({ status: 404, code: 'ENGINE_NOT_FOUND' });
  });

  it('answers 400 naming the parameter for a terminal id that is not numeric', async () => {
    const response = await api.request('/api/engines/abc');
    expect(response.status).toBe(400);
    const body = apiErrorSchema.parse(await response.json());
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.errors[0]?.path).toBe('param.id');
  });
});

describe('GET /api/engines/countries', () => {
  it('lists one default terminal for each market country, Peru being the default terminal', async () => {
    const { data } = countryTerminalsResponseSchema.parse(await (await api.request('/api/engines/countries')).json());
    expect(data.map((entry) => entry.countryCode).sort()).toEqual(['CO', 'EC', 'MX', 'PE', 'RD', 'US']);
    expect(data.find((entry) => entry.countryCode === 'PE')?.terminalId).toBe('9132868');
  });
});

describe('GET /api/engines/{terminalId}/payment_methods', () => {
  it('offers Peruvian consumers cash deposit, cards and booking without payment', async () => {
    const { data } = paymentMethodsResponseSchema.parse(await (await api.request('/api/engines/9132868/payment_methods')).json());
    const codes = data.map((method) => method.onlineCode);
    expect(codes).toEqual(expect.arrayContaining([102, 103, 120, 121, 122]));
    expect(data.find((method) => method.onlineCode === 120)?.id).toBe(1005);
  });

  it('offers agencies only booking without payment', async () => {
    const { data } = paymentMethodsResponseSchema.parse(await (await api.request('/api/engines/2113855/payment_methods')).json());
    expect(data.map((method) => method.onlineCode)).toEqual([103]);
  });

  it('answers 404 for an unknown terminal', async () => {
    expect((await api.request('/api/engines/5555555/payment_methods')).status).toBe(404);
  });
});

describe('GET /api/openapi.json', () => {
  it('documents every implemented route', async () => {
    const document = (await (await api.request('/api/openapi.json')).json()) as { paths: Record<string, unknown>; servers: { url: string }[] };
    expect(document.servers[0]?.url).toBe('/api');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/engines/{id}', '/engines/{terminalId}/payment_methods', '/engines/countries', '/sessions/save', '/sessions']),
    );
  });
});

describe('unknown API paths', () => {
  it('answer 404 with the typed error body', async () => {
    const response = await api.request('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(apiErrorSchema.parse(await response.json()).code).toBe('NOT_FOUND');
  });
});
