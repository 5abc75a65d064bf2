import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { App } from '../../src/web/App.tsx';
import { createAppRouter } from '../../src/web/router.tsx';

/**
 * Renders the real app (router, providers, root layout) at the given addresses, the last one current.
 * Earlier entries make "go back" testable.
 */
export function renderApp(...entries: [string, ...string[]]) {
  const history = createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1 });
  const router = createAppRouter({ history, queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
  const user = userEvent.setup();
  render(<App router={router} />);
  return { router, user };
}

/**
 * The page heading (h1), once the engine has loaded and the route has rendered. A route's first visit
 * in a test file loads its code-split component, which on a busy machine takes more than a second.
 */
export function findPageHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
}

/**
 * The checkout once its form is drawn to the end: it draws in slices (issue 38), the buy button last. Answers
 * the first traveller's section.
 */
export async function findDrawnCheckout(firstTraveller: 'Adulto 1' | 'Adult 1' | RegExp = /^(Adulto|Adult) 1$/, timeout = 5000) {
  const traveller = await screen.findByRole('region', { name: firstTraveller }, { timeout });
  await screen.findByRole('button', { name: /^(Comprar|Reservar|Checkout|Book)$/ }, { timeout });
  return traveller;
}
