import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findPageHeading, renderApp } from './render-app.tsx';

describe('home page', () => {
  it('speaks Spanish with ?lang=es and marks the document as Spanish', async () => {
    renderApp('/vuelos/?lang=es');
    expect(await findPageHeading('Encuentra tu próximo vuelo')).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    const searchRegion = screen.getByRole('region', { name: 'Buscar vuelos' });
    // The form itself belongs to the search issue: the region holds no stand-in fields.
    expect(within(searchRegion).queryAllByRole('textbox')).toHaveLength(0);
  });

  it('switches to English from the language switch and keeps the address', async () => {
    const { user, router } = renderApp('/vuelos/?lang=es');
    await findPageHeading('Encuentra tu próximo vuelo');
    const languages = screen.getByRole('navigation', { name: 'Idioma' });
    expect(within(languages).getByRole('link', { name: 'Español' }).getAttribute('aria-current')).toBe('true');
    expect(within(languages).getByRole('link', { name: 'English' }).hasAttribute('aria-current')).toBe(false);
    await user.click(within(languages).getByRole('link', { name: 'English' }));
    expect(await findPageHeading('Find your next flight')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(router.state.location.search).toMatchObject({ lang: 'en' });
  });

  it('defaults to English without ?lang, and marks English as the current language', async () => {
    renderApp('/vuelos/');
    expect(await findPageHeading('Find your next flight')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBe('true');
  });

  it('lists the six market countries by name and switches to the chosen country’s default terminal', async () => {
    const { user, router } = renderApp('/vuelos/?lang=es');
    await findPageHeading('Encuentra tu próximo vuelo');
    const country = await screen.findByRole('button', { name: /País/ });
    expect(country.textContent).toContain('Perú');
    await user.click(country);
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Perú', 'Estados Unidos', 'Colombia', 'Ecuador', 'México', 'República Dominicana']);
    await user.click(screen.getByRole('option', { name: 'República Dominicana' }));
    expect(await screen.findByText(/Vuelos República Dominicana/)).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ terminalId: '9132874', lang: 'es' });
  });
});

describe('embeddable home', () => {
  it('shows the iframe headline and loads the account as the terminal', async () => {
    renderApp('/vuelos/iframe/2113855?lang=es');
    expect(await findPageHeading('¿Planeando tu próximo viaje?')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Andes Travel B2B' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Buscar vuelos' })).toBeTruthy();
  });

  it('falls back to the default terminal when the account id is malformed', async () => {
    renderApp('/vuelos/iframe/not-a-number');
    expect(await findPageHeading('Planning your next trip?')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Vuelos Perú' })).toBeTruthy();
  });
});
