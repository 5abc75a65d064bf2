import { describe, expect, it } from 'vitest';
import {
  acceptTerms,
  agencyToken,
  checkoutFromResults,
  declineInsurance,
  fillAgencyForm,
  fillContactAndTerms,
  fillOneAdult,
  fillTraveller,
  LABELS,
  newPage,
  sessionOf,
  unique,
  useServerAndBrowser,
  type Language,
} from './support/journey.ts';

useServerAndBrowser();

/** Every answer to the insurance question books: a plan (checkout.test.ts), none, and nobody asked (over 70). */
describe.each<Language>(['es', 'en'])('the insurance answer at checkout (%s)', (language) => {
  const L = LABELS[language];
  const overSeventy = language === 'es' ? 'PASAJERO ES MAYOR A 70 AÑOS' : 'PASSENGER IS OVER 70 YEARS OLD';
  const accept = language === 'es' ? 'Aceptar' : 'Accept';

  it('a consumer who declines insurance books, and the booking charges no insurance', async () => {
    const page = await newPage(language);
    const sessionID = await checkoutFromResults(page, language, `/vuelos/LIM/CUZ/2026-12-15/2026-12-22/1/0/0?lang=${language}`);
    await fillOneAdult(page, language, { first: 'Rosa', last: unique('Sinseguro'), female: true, birth: ['1985', '4', '12'], number: '40123456' }, 'Quispe', 'none');
    await page.getByRole('button', { name: L.buy, exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const session = await sessionOf(sessionID);
    expect(session.booking?.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(session.bookForm?.insurance).toMatchObject({ isSelect: false, productSelected: 'none' });
    await page.context().close();
  });

  it('a party with a traveller over 70 is told insurance does not apply, and books without it', async () => {
    const page = await newPage(language);
    const sessionID = await checkoutFromResults(page, language, `/vuelos/LIM/CUZ/2026-12-16/2026-12-23/2/0/0?lang=${language}`);
    const last = unique('Mayor');
    await fillTraveller(page, language, { region: `${L.adult} 1`, first: 'Rosa', last, female: true, birth: ['1985', '4', '12'], number: '40123456' });
    // The notice opens as soon as the birthdate is whole, in the middle of the form: accepted there.
    const notice = page.getByRole('alertdialog', { name: overSeventy });
    let noticesAccepted = 0;
    await page.addLocatorHandler(notice, async () => {
      await notice.getByRole('button', { name: accept }).click();
      noticesAccepted += 1;
    });
    await fillTraveller(page, language, { region: `${L.adult} 2`, first: 'Teodoro', last, female: false, birth: ['1950', '3', '2'], number: '08123456' });
    expect(noticesAccepted).toBe(1);
    expect(await page.getByRole('radiogroup', { name: /seguro|insurance/i }).count()).toBe(0);
    await fillContactAndTerms(page, language, 'Rosa', last);
    await page.getByRole('button', { name: L.buy, exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const session = await sessionOf(sessionID);
    expect(session.booking?.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(session.bookForm?.insurance).toMatchObject({ isSelect: false, isRejected: true });
    await page.context().close();
  });
});

describe('an agency (2113855, B2B)', () => {
  it('declines insurance for its traveller and books', async () => {
    const page = await newPage('es');
    const sessionID = await checkoutFromResults(page, 'es', `/vuelos/b/LIM/CUZ/2026-12-19/2026-12-27/1/0/0?terminalId=2113855&token=${await agencyToken()}&lang=es`);
    await fillTraveller(page, 'es', { region: 'Adulto 1', first: 'Elena', last: unique('Sinseguro'), female: true, birth: ['1975', '8', '8'], number: '43456789' });
    await declineInsurance(page);
    await fillAgencyForm(page);
    await acceptTerms(page, 'es');
    await page.getByRole('button', { name: 'Reservar', exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const session = await sessionOf(sessionID);
    expect(session.booking?.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(session.bookForm?.insurance).toMatchObject({ isSelect: false, productSelected: 'none' });
    await page.context().close();
  });
});

describe('the US consumer channel', () => {
  it('offers the two international plans on MIA–LIM and books with the first, paying later', async () => {
    const page = await newPage('en');
    const sessionID = await checkoutFromResults(page, 'en', '/vuelos/MIA/LIM/2026-12-17/1/0/0?terminalId=9132869&lang=en');
    const plans = page.getByRole('radiogroup', { name: /insurance/i });
    for (const name of [/Asistencia Internacional Básica/, /Asistencia Internacional Plus/, 'I travel without insurance']) {
      expect(await plans.getByRole('radio', { name }).count()).toBe(1);
    }
    // Miami–Lima: a passport is the only document offered (issue 37).
    expect(await page.getByRole('region', { name: 'Adult 1', exact: true }).getByRole('combobox', { name: /^Document type/ }).locator('option:not([value=""])').allTextContents()).toEqual(['Passport']);
    await fillOneAdult(page, 'en', { first: 'Mary', last: unique('Smith'), female: true, birth: ['1979', '11', '30'], number: 'PA1239876', document: 'PP' }, 'Smith');
    await page.getByRole('radio', { name: 'Book without payment' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Book', exact: true }).last().click();
   
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const session = await sessionOf(sessionID);
    expect(session.booking?.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(session.bookForm?.insurance).toMatchObject({ isSelect: true, productId: 'ASSIST-BASIC' });
    await page.context().close();
  });
});
