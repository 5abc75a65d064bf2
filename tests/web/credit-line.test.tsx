import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findPageHeading, renderApp } from './render-app.tsx';

describe("the agency's credit line page", () => {
  it("is the agency navbar's 'Mi línea de crédito' and shows the available credit and debts (es)", async () => {
    const { user } = renderApp('/vuelos/?terminalId=2113855&lang=es');
    const nav = await screen.findByRole('navigation', { name: /Principal|Main/ }, { timeout: 5000 });
    await user.click(within(nav).getByRole('link', { name: 'Mi línea de crédito' }));
    await findPageHeading('Mi línea de crédito');
    const figures = await screen.findByText('Crédito disponible', {}, { timeout: 5000 });
    expect(figures.closest('dl')?.textContent).toBe('Crédito disponibleUS$ 5.00DeudasUS$ 75.00');
  });

  it('shows the figures of a terminal with plenty of credit (en)', async () => {
    renderApp('/vuelos/credit-line?terminalId=9132868&lang=en');
    await findPageHeading('My credit line');
    const figures = await screen.findByText('Available credit', {}, { timeout: 5000 });
    expect(figures.closest('dl')?.textContent).toBe('Available creditUS$ 3,159.65DebtsUS$ 1,840.35');
  });
});
