import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContactForm } from '../../src/web/features/checkout/forms/ContactForm.tsx';
import { AgencyForm } from '../../src/web/features/checkout/forms/AgencyForm.tsx';
import { PassengersField } from '../../src/web/features/search/PassengersField.tsx';
import { i18n } from '../../src/web/i18n.ts';
import { renderPart } from './checkout-parts.tsx';
import { takeUncompiledWarnings } from './setup.ts';

const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);
const noop = () => {};

describe('country lists follow the page’s language', () => {
  it('names the contact dial codes in Spanish on a Spanish page, in the spec’s order', () => {
    renderPart(<ContactForm draft={{}} issues={{}} showAllErrors={false} invoiceOffered={false} onChange={noop} onCopyFirstPassenger={noop} />, { language: 'es' });
    const options = optionTexts(screen.getByRole('combobox', { name: 'Código de país' })).filter(Boolean);
    expect(options.slice(0, 6)).toEqual(['Perú (+51)', 'Estados Unidos (+1)', 'Ecuador (+593)', 'Colombia (+57)', 'México (+52)', 'República Dominicana (+1-809)']);
    expect(options).toContain('España (+34)');
    expect(options.filter((text) => /Peru \(|United States|Mexico|Spain|Brazil|Dominican Republic/.test(text ?? ''))).toEqual([]);
  });

  it('names them in English on an English page', () => {
    renderPart(<ContactForm draft={{}} issues={{}} showAllErrors={false} invoiceOffered={false} onChange={noop} onCopyFirstPassenger={noop} />);
    expect(optionTexts(screen.getByRole('combobox', { name: 'Country code' })).filter(Boolean).slice(0, 2)).toEqual(['Peru (+51)', 'United States (+1)']);
  });

  it('names the agency’s countries in Spanish on a Spanish page', () => {
    renderPart(<AgencyForm draft={{}} issues={{}} showAllErrors={false} invoiceOffered={false} onChange={noop} />, { language: 'es' });
    const options = optionTexts(screen.getByRole('combobox', { name: 'País' }));
    expect(options).toContain('Perú');
    expect(options).toContain('Estados Unidos');
    expect(options).toContain('Brasil');
    expect(options).not.toContain('United States');
    expect(options).not.toContain('Peru');
  });
});

describe('passenger counts', () => {
  it('says "2 adultos, 1 niño, 1 infante" in Spanish from compiled plural messages', () => {
    renderPart(<PassengersField passengers={{ adults: 2, children: 1, infants: 1 }} onIncrement={noop} onDecrement={noop} />, { language: 'es' });
    expect(screen.getByRole('button', { name: 'Pasajeros 2 adultos, 1 niño, 1 infante' })).toBeTruthy();
    expect(takeUncompiledWarnings()).toEqual([]);
  });

  it('says "1 adult" in English', () => {
    renderPart(<PassengersField passengers={{ adults: 1, children: 0, infants: 0 }} onIncrement={noop} onDecrement={noop} />);
    expect(screen.getByRole('button', { name: 'Passengers 1 adult' })).toBeTruthy();
  });
});

describe('the uncompiled-message guard of the web tests', () => {
  it('catches Lingui’s warning for a text that is not a compiled catalog message', () => {
    // What the passenger summary used to do: look a translated text up as a message id.
    i18n._('2 adultos');
    const warnings = takeUncompiledWarnings();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('Uncompiled message detected!');
  });
});
