import { describe, expect, it } from 'vitest';
import { isLayoutHidden, resolveTerminalId, themeVariables } from '../../src/web/features/layout/terminal.ts';

const segments = (path: string) => path.split('/').filter(Boolean);

describe('layout wrapper rules (spec 1 §2)', () => {
  it('takes the terminal from the query, else the account id, else the default terminal', () => {
    expect(resolveTerminalId({ terminalId: '2113855', accountId: '7200983' })).toBe('2113855');
    expect(resolveTerminalId({ accountId: '7200983' })).toBe('7200983');
    expect(resolveTerminalId({})).toBe('9132868');
  });

  it('shows itself on results, agency results and /b/checkout', () => {
    expect(isLayoutHidden(segments('LIM/CUZ/2026-12-10/1/0/0'))).toBe(false);
    expect(isLayoutHidden(segments('LIM/CUZ/2026-12-10/2026-12-17/1/0/0'))).toBe(false);
    expect(isLayoutHidden(segments('b/LIM/CUZ/2026-12-10/1/0/0'))).toBe(false);
    expect(isLayoutHidden(segments('b/LIM/CUZ/2026-12-10/2026-12-17/1/0/0'))).toBe(false);
    expect(isLayoutHidden(segments('b/checkout/3f0c9a52-6d1e-4d8b-9a57-0b7e2f4c1a10'))).toBe(false);
    expect(isLayoutHidden([])).toBe(false);
  });

  it('hides itself when the origin segment is shorter than 2 characters or the business segment is not b', () => {
    expect(isLayoutHidden(segments('L/CUZ/2026-12-10/1/0/0'))).toBe(true);
    expect(isLayoutHidden(segments('x/LIM/CUZ/2026-12-10/1/0/0'))).toBe(true);
    expect(isLayoutHidden(segments('x/LIM/CUZ/2026-12-10/2026-12-17/1/0/0'))).toBe(true);
    expect(isLayoutHidden(segments('b/L/CUZ/2026-12-10/1/0/0'))).toBe(true);
  });

  it('gives agencies their own colours and everyone else the default ones', () => {
    expect(themeVariables(null)['--brand-primary']).toBe('#0a58ca');
    expect(
      themeVariables({
        primary: '#0b5d57',
        primaryText: '#ffffff',
        accent: '#e0a526',
        navBackground: '#083b37',
        navText: '#ffffff',
        checkout: { submitBackground: '#e0a526', submitText: '#1d1d1d' },
      })['--brand-primary'],
    ).toBe('#0b5d57');
  });
});
