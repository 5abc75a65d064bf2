import { describe, expect, it } from 'vitest';
import { checkoutFromResults, LABELS, newPage, useServerAndBrowser, type Language } from './support/journey.ts';

useServerAndBrowser();

/** Issue 11 "Messages": the contact phone and the RUC say what is wrong as soon as they are left, before any submit. */
describe.each<Language>(['es', 'en'])('checkout field messages (%s)', (language) => {
  const L = LABELS[language];
  const texts =
    language === 'es'
      ? {
          invoice: 'Necesito factura',
          tooShort: 'El teléfono es demasiado corto',
          notForCountry: 'No es un teléfono válido para el código de país elegido',
          ruc: 'Ingrese un RUC válido',
          generic: 'Ingrese un valor válido',
        }
      : {
          invoice: 'I need an invoice',
          tooShort: 'The phone number is too short',
          notForCountry: 'This is not a valid phone number for the chosen country code',
          ruc: 'Enter a valid RUC',
          generic: 'Enter a valid value',
        };

  it('shows the specific phone and RUC messages on blur, without submitting', async () => {
    const page = await newPage(language);
    await checkoutFromResults(page, language, `/vuelos/LIM/CUZ/2026-12-18/2026-12-24/1/0/0?lang=${language}`);
    const contact = page.getByRole('region', { name: L.contact });

    const phone = contact.getByRole('textbox', { name: L.phone });
    await phone.fill('98765');
    await phone.blur();
    await expect.poll(() => contact.getByText(texts.tooShort).count()).toBe(1);
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    // Nine digits, but no Peruvian number starts 12 (the contact's country code is Peru's).
    await phone.fill('123456789');
    await expect.poll(() => contact.getByText(texts.notForCountry).count()).toBe(1);

    await contact.getByRole('checkbox', { name: texts.invoice }).focus();
    await page.keyboard.press('Space');
    const ruc = contact.getByRole('textbox', { name: /^RUC/ });
    await ruc.fill('2051234567');
    await ruc.blur();
    await expect.poll(() => contact.getByText(texts.ruc).count()).toBe(1);
    expect(await ruc.getAttribute('aria-invalid')).toBe('true');

    // Never the generic text, and nothing was submitted (no "incomplete fields" notice).
    expect(await page.getByText(texts.generic).count()).toBe(0);
    expect(await page.getByText(L.incomplete).count()).toBe(0);

    // Fixed, both messages go.
    await phone.fill('987654321');
    await ruc.fill('20512345678');
    await expect.poll(() => contact.getByText(texts.ruc).count()).toBe(0);
    expect(await contact.getByText(texts.notForCountry).count()).toBe(0);
    await page.context().close();
  });
});
