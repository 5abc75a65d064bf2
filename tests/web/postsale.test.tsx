import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SEAT_FAILURE_REASON, SEAT_WARNING_REASON } from '../../src/contract/fixtures/confirmation.ts';
import { orderAncillaries } from '../../src/contract/fixtures/postsale.ts';
import { encodePostSaleOrderId } from '../../src/contract/postsale.ts';
import { POSTSALE_ORDERS, postSalePurchases } from '../../src/web/mocks/postsale-handlers.ts';
import { http, HttpResponse } from 'msw';
import { findPageHeading, renderApp } from './render-app.tsx';
import { server } from './setup.ts';

type Lang = 'es' | 'en';
type App = ReturnType<typeof renderApp>;

const texts = {
  es: {
    heading: 'Compra de asientos y equipaje',
    chooseSeats: 'Elegir asientos',
    nextFlight: 'Siguiente vuelo',
    finishSeats: 'Terminar selección de asientos',
    finishBags: 'Terminar selección de equipaje',
    accept: 'Aceptar',
    buy: 'Comprar',
    cash: 'Efectivo o línea de crédito',
  },
  en: {
    heading: 'Add seats and baggage',
    chooseSeats: 'Choose seats',
    nextFlight: 'Next flight',
    finishSeats: 'Finish seat selection',
    finishBags: 'Finish baggage selection',
    accept: 'Accept',
    buy: 'Buy',
    cash: 'Cash or credit line',
  },
};

/** The post-sale page of a mock order, by its base64 link, once its blocks show. */
async function openOrder(orderId: string, lang: Lang, marker?: string) {
  const app = renderApp(`/vuelos/seats/all/orderId/${encodePostSaleOrderId(orderId, marker)}?lang=${lang}`);
  await findPageHeading(texts[lang].heading);
  return app;
}

const buyButton = (lang: Lang) => screen.findByRole('button', { name: texts[lang].buy }, { timeout: 5000 });

/** Presses buy and reads the refusal's text, then dismisses it. */
async function refusal({ user }: App, lang: Lang) {
  await user.click(await buyButton(lang));
  const dialog = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
  const text = dialog.querySelector('.dialog__body')?.textContent;
  await user.click(within(dialog).getByRole('button', { name: texts[lang].accept }));
  return text;
}

/** Opens the seat picker, picks seat 8C on the way out for the first passenger, and finishes on the last flight. */
async function chooseSeat({ user }: App, lang: Lang) {
  await user.click(await screen.findByRole('button', { name: texts[lang].chooseSeats }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
  await user.click(within(dialog).getByRole('button', { name: /^(Seat|Asiento) 8C/ }));
  await user.click(within(dialog).getByRole('button', { name: texts[lang].nextFlight }));
  await user.click(within(dialog).getByRole('button', { name: texts[lang].finishSeats }));
  const done = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
  await user.click(within(done).getByRole('button', { name: texts[lang].accept }));
}

/** Chooses the first passenger's 15 kg bag on the way out, then finishes on the way back. */
async function chooseBag({ user }: App, lang: Lang) {
  await user.click(await screen.findByRole('button', { name: lang === 'es' ? 'Elegir equipaje US$ 12.50' : 'Choose baggage US$ 12.50' }, { timeout: 5000 }));
  expect(screen.getAllByRole('button', { name: lang === 'es' ? 'Quitar equipaje US$ 12.50' : 'Remove baggage US$ 12.50' })).toHaveLength(1);
  await user.click(screen.getByRole('button', { name: texts[lang].nextFlight }));
  await user.click(screen.getByRole('button', { name: texts[lang].finishBags }));
  const done = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
  expect(done.textContent).toContain(lang === 'es' ? 'Equipaje seleccionado' : 'Baggage selected');
  await user.click(within(done).getByRole('button', { name: texts[lang].accept }));
}

/** Fills in a card the sandbox vault approves (pasted field by field; the form tokenises it on blur). */
async function typeCard({ user }: App, lang: Lang, number = '4111 1111 1111 1111') {
  const fill = async (name: RegExp, value: string) => {
    await user.click(screen.getByRole('textbox', { name }));
    await user.paste(value);
  };
  const es = lang === 'es';
  await fill(es ? /^Número de tarjeta/ : /^Card number/, number);
  await fill(es ? /^Fecha de vencimiento/ : /^Expiration date/, '11/30');
  await fill(es ? /^Código de seguridad/ : /^Security code/, '123');
  await fill(es ? /^Nombre del titular/ : /^Cardholder first name/, 'Lucia');
  await fill(es ? /^Apellido del titular/ : /^Cardholder last name/, 'Quispe');
  await fill(es ? /^Correo electrónico/ : /^Email/, 'lucia@correo.pe');
  await fill(es ? /^Teléfono/ : /^Telephone/, '998877665');
  await fill(es ? /^Ciudad/ : /^City/, 'Lima');
  await fill(es ? /^Estado o región/ : /^State or region/, 'Lima');
  await fill(es ? /^Dirección\b(?! fiscal)/ : /^Address/, 'Av. Larco 1232');
  await fill(es ? /^Número de documento/ : /^Document number/, '45678912');
  await user.tab();
}

beforeEach(() => {
  postSalePurchases.length = 0;
});

describe('post-sale purchase page', () => {
  it('says a malformed link is not valid, in both languages, asking nothing of the server', async () => {
    renderApp('/vuelos/seats/all/orderId/not-base64!!?lang=es');
    await findPageHeading('El enlace de esta orden no es válido');
    renderApp('/vuelos/seats/all/orderId/bm90IGFuIG9yZGVy?lang=en');
    expect(await screen.findAllByRole('heading', { level: 1, name: 'This order link is not valid' }, { timeout: 5000 })).toHaveLength(1);
  });

  it("buys a seat and a bag by card for the app's own dashed order id and lands on the process page (en)", async () => {
    const app = await openOrder(POSTSALE_ORDERS.full, 'en');
    expect(screen.getByText(`Order ${POSTSALE_ORDERS.full}`)).toBeTruthy();
    await chooseSeat(app, 'en');
    await chooseBag(app, 'en');
    const summary = screen.getByRole('region', { name: 'Purchase summary' });
    expect(summary.textContent).toContain('Seat 8C: US$ 6.00');
    expect(summary.textContent).toContain('15 kg bag: US$ 12.50');
    expect(summary.textContent).toContain('US$ 18.50');
    await typeCard(app, 'en');
    await app.user.click(await buyButton('en'));
    await findPageHeading('Additional products');
    expect(postSalePurchases).toHaveLength(1);
    const [request] = postSalePurchases;
    expect(request).toMatchObject({
      transactionId: orderAncillaries.transactionId,
      paymentOption: 'CARD',
      paymentCard: { brand: 'visa', last4: '1111' },
      confirmed: { seats: true, baggages: true },
      invoice: null,
      authorization: null,
      isBusiness: false,
      baggages: [{ flightIndex: 0, passengerIndex: 0, code: '0C1' }],
      seats: [{ row: 8, column: 'C', indexSegment: 0, passengerSelected: { id: 'PAX1' } }],
    });
    // The card goes to the vault only: the request holds its token, never the number.
    expect(JSON.stringify(request)).not.toContain('4111111111111111');
  });

  it('refuses in spec order with the exact Spanish messages: selections, then invoice, then card', async () => {
    const app = await openOrder(POSTSALE_ORDERS.full, 'es');
    expect(await refusal(app, 'es')).toBe('Por favor, finalizar selección de asientos y de maletas');
    await chooseSeat(app, 'es');
    expect(await refusal(app, 'es')).toBe('Por favor, finalizar selección de maletas');
    await chooseBag(app, 'es');
    // The invoice fields show only once its box is ticked.
    expect(screen.queryByRole('textbox', { name: 'RUC' })).toBeNull();
    await app.user.click(screen.getByRole('checkbox', { name: 'Solicitar factura' }));
    await app.user.type(screen.getByRole('textbox', { name: 'RUC' }), '20512345678');
    expect(await refusal(app, 'es')).toBe('Por favor, completar información para Solicitar factura');
    await app.user.click(screen.getByRole('checkbox', { name: 'Solicitar factura' }));
    expect(await refusal(app, 'es')).toBe('Por favor, completar datos de tarjeta o algún dato tiene formato incorrecto');
    expect(postSalePurchases).toHaveLength(0);
  });

  it('asks for bags only when the order sells no seats, and buys bags only with an invoice (es)', async () => {
    const app = await openOrder(POSTSALE_ORDERS.bagsOnly, 'es');
    expect(screen.getByText('No se encontraron asientos')).toBeTruthy();
    expect(await refusal(app, 'es')).toBe('Por favor, finalizar selección de maletas');
    await chooseBag(app, 'es');
    await app.user.click(screen.getByRole('checkbox', { name: 'Solicitar factura' }));
    await app.user.type(screen.getByRole('textbox', { name: 'RUC' }), '20512345678');
    await app.user.type(screen.getByRole('textbox', { name: 'Razón social' }), 'Andes Consultores S.A.C.');
    await app.user.type(screen.getByRole('textbox', { name: 'Dirección fiscal' }), 'Av. José Larco 1232');
    await typeCard(app, 'es');
    await app.user.click(await buyButton('es'));
    await findPageHeading('Productos adicionales');
    expect(postSalePurchases[0]).toMatchObject({ seats: [], confirmed: { seats: false, baggages: true }, invoice: { ruc: '20512345678', companyName: 'Andes Consultores S.A.C.' } });
  });

  it('asks for seats only when the order sells no bags, then buys seats only (en)', async () => {
    const app = await openOrder(POSTSALE_ORDERS.seatsOnly, 'en');
    expect(screen.getByText('No bags were found')).toBeTruthy();
    expect(await refusal(app, 'en')).toBe('Please finish the seat selection');
    await chooseSeat(app, 'en');
    await typeCard(app, 'en');
    await app.user.click(await buyButton('en'));
    await findPageHeading('Additional products');
    expect(postSalePurchases[0]).toMatchObject({ baggages: [], confirmed: { seats: true, baggages: false } });
  });

  it('on a short credit line tells the consumer to authorise, then buys with the chosen person (es)', async () => {
    const app = await openOrder(POSTSALE_ORDERS.full, 'es');
    await chooseSeat(app, 'es');
    await chooseBag(app, 'es');
    await app.user.click(screen.getByRole('radio', { name: texts.es.cash }));
    const details = screen.getByRole('region', { name: 'Detalles del pago' });
    expect(details.textContent).toContain('US$ 5.00');
    expect(await refusal(app, 'es')).toBe(
      'Su crédito disponible no cubre el total a reservar, por favor seleccione el checkbox para Emitir con autorización y elija una persona del listado para autorizar',
    );
    await app.user.click(screen.getByRole('checkbox', { name: 'Emitir con autorización' }));
    await app.user.click(screen.getByRole('button', { name: /Persona que autoriza/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Gerente de cuentas' }, { timeout: 5000 }));
    await app.user.click(await buyButton('es'));
    await findPageHeading('Productos adicionales');
    expect(postSalePurchases[0]).toMatchObject({ paymentOption: 'CASH', paymentCard: null, authorization: { authorizerId: 'AUT-1' }, isBusiness: false });
  });

  it('shows the server’s credit refusal on the page when the credit was spent after the page loaded, and stays to pay otherwise (es)', async () => {
    const message = 'Su crédito disponible no cubre el total a reservar, por favor seleccione el checkbox para Emitir con autorización y elija una persona del listado para autorizar';
    server.use(
      http.post('/api/flights/bookSeats', () =>
        HttpResponse.json({ status: 400, code: 'CREDIT_INSUFFICIENT', message, errors: [{ path: 'json.paymentOption', code: 'consumer', value: message }] }, { status: 400 }),
      ),
    );
    const app = await openOrder(POSTSALE_ORDERS.full, 'es');
    await chooseSeat(app, 'es');
    await chooseBag(app, 'es');
    await app.user.click(screen.getByRole('radio', { name: texts.es.cash }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Emitir con autorización' }));
    await app.user.click(screen.getByRole('button', { name: /Persona que autoriza/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Gerente de cuentas' }, { timeout: 5000 }));
    expect(await refusal(app, 'es')).toBe(message);
    // Still on the page, with its choices, to pay another way.
    expect(screen.getByRole('heading', { name: texts.es.heading })).toBeTruthy();
    expect(await buyButton('es')).toBeTruthy();
  });

  it('on the business channel offers no authorisation: the credit message asks for another payment method (en)', async () => {
    const app = await openOrder(POSTSALE_ORDERS.full, 'en', 'b');
    await chooseSeat(app, 'en');
    await chooseBag(app, 'en');
    await app.user.click(screen.getByRole('radio', { name: texts.en.cash }));
    expect(screen.queryByRole('checkbox', { name: 'Issue with authorisation' })).toBeNull();
    expect(await refusal(app, 'en')).toBe('Your available credit does not cover the total to book, please choose another payment method');
    expect(postSalePurchases).toHaveLength(0);
  });

  it("shows the 'Advertencia' of an order with an earlier attempt: declining ends there, continuing shows the page and its previous purchases (es)", async () => {
    const declined = renderApp(`/vuelos/seats/all/orderId/${encodePostSaleOrderId(POSTSALE_ORDERS.retried)}?lang=es`);
    const warning = await screen.findByRole('dialog', { name: 'Advertencia' }, { timeout: 5000 });
    expect(warning.textContent).toContain('Este orderId tiene intentos previos de compra de ancilliaries, por favor verificar con personal de counter o en el portal de Latam');
    await declined.user.click(within(warning).getByRole('button', { name: 'Volver' }));
    await findPageHeading('Compra no continuada');
    expect(screen.queryByRole('button', { name: texts.es.buy })).toBeNull();
  });

  it('continues past the warning to the page and its previous purchase summary (es)', async () => {
    const app = renderApp(`/vuelos/seats/all/orderId/${encodePostSaleOrderId(POSTSALE_ORDERS.retried)}?lang=es`);
    const warning = await screen.findByRole('dialog', { name: 'Advertencia' }, { timeout: 5000 });
    await app.user.click(within(warning).getByRole('button', { name: 'Continuar de todos modos' }));
    await app.user.click(await screen.findByRole('button', { name: 'Ver resumen de compras anteriores' }, { timeout: 5000 }));
    const summary = await screen.findByRole('dialog', { name: 'Resumen de compra anterior' }, { timeout: 5000 });
    const purchase = within(summary).getByRole('region', { name: 'Compra 1' });
    expect(within(purchase).getByRole('table', { name: 'Asientos' }).textContent).toContain('5A');
    expect(within(purchase).getByRole('table', { name: 'Equipaje' }).textContent).toContain('Primera maleta adicional');
  });

  it.each([
    // The mock purchase answers status 2 for a card ending 0004 and 3 for one ending 0005 (PARTIAL_CARD_LAST4, SEAT_TAKEN_CARD_LAST4).
    ['4111 1111 1113 0004', 'Advertencia', SEAT_WARNING_REASON],
    ['4111 1111 1112 0005', 'Reserva inconclusa', SEAT_FAILURE_REASON],
  ])('goes to the outcome page of the status with the stored first error (card %s, es)', async (card, heading, reason) => {
    const app = await openOrder(POSTSALE_ORDERS.bagsOnly, 'es');
    await chooseBag(app, 'es');
    await typeCard(app, 'es', card);
    await app.user.click(await buyButton('es'));
    await findPageHeading(heading);
    expect(screen.getByText(reason)).toBeTruthy();
  });
});
