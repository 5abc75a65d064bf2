import { describe, expect, it } from 'vitest';
import { personalDataIn } from '../e2e/support/server.ts';

/** The check every e2e file runs on its server's log (tests/e2e/support/journey.ts). */
describe('the log check for personal data', () => {
  it('finds card numbers, e-mail addresses and phones, and prints none of them', () => {
    const log = 'paid with 4111 1111 1111 1111 and 5500000000000004; mail to ana.quispe@correo.pe; call +51 987 654 321 or 987654321';
    const found = personalDataIn(log);
    expect(found).toHaveLength(5);
    expect(found.join(' ')).not.toMatch(/1111|correo|654/);
  });

  it('lets through what a log may carry: order numbers, PNRs, ids, times', () => {
    const log = 'Vuelos is running: http://localhost:3000/vuelos/ order 1002345678 PNR KXQ7TZ session 3f6c2a8e-5b1d-4c7e-9a0f-2d8b6e4c1a97 at 2026-11-24T18:00:00.000Z';
    expect(personalDataIn(log)).toEqual([]);
  });
});
