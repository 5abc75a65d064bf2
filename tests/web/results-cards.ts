import { screen, waitFor, within } from '@testing-library/react';

/**
 * The cards of the results list once it shows them all: the first screenful paints first and the others
 * follow in a task of their own (issue 15), the list busy until they have.
 */
export async function findListedCards(wait: { timeout: number }): Promise<HTMLElement[]> {
  let list = await screen.findByRole('list', { name: /Flights|Vuelos/ }, wait);
  await waitFor(() => {
    list = screen.getByRole('list', { name: /Flights|Vuelos/ });
    if (list.getAttribute('aria-busy') === 'true') throw new Error('The list is still adding its cards.');
  }, wait);
  return within(list).getAllByRole('article');
}
