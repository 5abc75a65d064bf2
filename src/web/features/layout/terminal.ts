import { DEFAULT_TERMINAL_ID } from '../../../contract/common.ts';
import type { EngineTheme } from '../../../contract/engine.ts';

/** Spec 1 §2: terminalId from the query, else the accountId route parameter, else the default terminal. */
export function resolveTerminalId(sources: { terminalId?: string | undefined; accountId?: string | undefined }): string {
  return sources.terminalId ?? sources.accountId ?? DEFAULT_TERMINAL_ID;
}

/**
 * Spec 1 §2: the wrapper hides itself when the origin segment is shorter than 2 characters or a
 * business segment other than `b` leads a results path; /b/checkout always shows it.
 * `segments` are the path segments below /vuelos.
 */
export function isLayoutHidden(segments: string[]): boolean {
  const [first = '', second = ''] = segments;
  if (first === 'b' && second === 'checkout') return false;
  const leadsWithBusiness = first.length < 2 && (segments.length === 7 || segments.length === 8);
  if (leadsWithBusiness) return first !== 'b' || second.length < 2;
  const isResults = segments.length === 6 || segments.length === 7;
  return isResults && first.length < 2;
}

export const defaultTheme: EngineTheme = {
  primary: '#0a58ca',
  primaryText: '#ffffff',
  accent: '#15803d',
  navBackground: '#ffffff',
  navText: '#1c2733',
  checkout: { submitBackground: '#15803d', submitText: '#ffffff' },
};

/** The engine theme as CSS custom properties, so every component picks up an agency's colours. */
export function themeVariables(theme: EngineTheme | null): Record<string, string> {
  const t = theme ?? defaultTheme;
  return {
    '--brand-primary': t.primary,
    '--brand-primary-text': t.primaryText,
    '--brand-accent': t.accent,
    '--nav-background': t.navBackground,
    '--nav-text': t.navText,
    '--submit-background': t.checkout.submitBackground,
    '--submit-text': t.checkout.submitText,
  };
}
