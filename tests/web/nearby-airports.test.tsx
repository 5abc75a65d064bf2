import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';

const findPageHeading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
const optionTexts = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('nearby airports in the airport autocomplete', () => {
  it('offers Philadelphia after New York’s airports, 143 km from Nueva York, and picks it (es)', async () => {
    const { user } = renderApp('/vuelos/?lang=es');
    await findPageHeading('Encuentra tu próximo vuelo');
    const origin = within(screen.getByRole('region', { name: /Buscar vuelos/ })).getByRole('combobox', { name: /Origen/ });
    await user.type(origin, 'Nueva York');
    await waitFor(() => expect(optionTexts()).toEqual([
      'Nueva York NYC Todos los aeropuertos',
      'Nueva York JFK Aeropuerto Internacional John F. Kennedy',
      'Nueva York EWR Aeropuerto Internacional Newark Liberty',
      'Nueva York LGA Aeropuerto LaGuardia',
      'Filadelfia PHL Aeropuerto Internacional de Filadelfia A 143 km de Nueva York',
    ]), { timeout: 5000 });
    await user.click(screen.getByRole('option', { name: /A 143 km de Nueva York/ }));
    expect((origin as HTMLInputElement).value).toBe('Filadelfia');
  });

  it('says “143 km from New York” in English and marks none of the city’s own airports (en)', async () => {
    const { user } = renderApp('/vuelos/?lang=en');
    await findPageHeading('Find your next flight');
    const destination = within(screen.getByRole('region', { name: /Search flights/ })).getByRole('combobox', { name: /Destination/ });
    await user.type(destination, 'New York');
    const philadelphia = await screen.findByRole('option', { name: /Philadelphia PHL .* 143 km from New York$/ }, { timeout: 5000 });
    expect(philadelphia.textContent).toBe('Philadelphia PHL Philadelphia International Airport 143 km from New York');
    expect(optionTexts().filter((text) => text?.includes('km from'))).toHaveLength(1);
  });

  it('adds no nearby airport when the best match has none (Lima)', async () => {
    const { user } = renderApp('/vuelos/?lang=en');
    await findPageHeading('Find your next flight');
    const origin = within(screen.getByRole('region', { name: /Search flights/ })).getByRole('combobox', { name: /Origin/ });
    await user.type(origin, 'Lima');
    await screen.findByRole('option', { name: /Lima LIM/ }, { timeout: 5000 });
    expect(optionTexts().some((text) => text?.includes('km from'))).toBe(false);
  });
});
