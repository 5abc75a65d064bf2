import { createContext, useContext, useState, type ReactNode } from 'react';
import type { Decorator, Preview } from '@storybook/react-vite';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { languageSchema } from '../src/contract/common.ts';
import { activateLanguage, i18n } from '../src/web/i18n.ts';
import { loadEveryCatalog } from '../src/web/all-catalogs.ts';
import { handlers } from '../src/web/mocks/handlers.ts';
import { parsePlainSearch, stringifyPlainSearch } from '../src/web/router.tsx';
import { toolbarViewports } from './viewports.ts';
import '../src/web/styles.css';

loadEveryCatalog();

/** Lingui: the toolbar's locale global (a story may pin it with `globals: { locale }`). */
const withLanguage: Decorator = (Story, context) => {
  const language = languageSchema.catch('en').parse(context.globals.locale);
  void activateLanguage(language);
  return (
    <I18nProvider i18n={i18n}>
      <Story />
    </I18nProvider>
  );
};

/** A fresh query cache per story, so one story's answers never leak into another. */
const withQueryClient: Decorator = (Story) => {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <Story />
    </QueryClientProvider>
  );
};

/** The story element, handed to the router's root route through context so arg changes re-render it. */
const CurrentStory = createContext<ReactNode>(null);

function RenderCurrentStory() {
  return useContext(CurrentStory);
}

/**
 * The story renders as the root route of a memory-history router, so router links, `useSearch` and
 * navigation work. `parameters.router.initialEntry` sets the address (default /vuelos/).
 */
const withRouter: Decorator = (Story, context) => {
  const initialEntry = (context.parameters.router as { initialEntry?: string } | undefined)?.initialEntry ?? '/vuelos/';
  const [router] = useState(() =>
    createRouter({
      routeTree: createRootRoute({ component: RenderCurrentStory }),
      basepath: '/vuelos',
      history: createMemoryHistory({ initialEntries: [initialEntry] }),
      parseSearch: parsePlainSearch,
      stringifySearch: stringifyPlainSearch,
    }),
  );
  return (
    <CurrentStory.Provider value={<Story />}>
      <RouterProvider router={router} />
    </CurrentStory.Provider>
  );
};

/** Whether an ancestor clips or scrolls `element` sideways, so it cannot widen the page. */
function insideHorizontalScroller(element: Element): boolean {
  for (let ancestor = element.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
    if (getComputedStyle(ancestor).overflowX !== 'visible') return true;
  }
  return false;
}

/**
 * After every story (and its axe check): the page must not scroll sideways. On a phone, content wider than
 * the viewport pushes controls off-screen, which axe does not report. Names the outermost elements that
 * stick out, so the failure points at the rule to fix.
 */
async function failOnSidewaysScroll(): Promise<void> {
  const { scrollWidth, clientWidth } = document.documentElement;
  if (scrollWidth <= clientWidth) return;
  const stickingOut = [...document.body.querySelectorAll('*')].filter(
    (element) => element.getBoundingClientRect().right > clientWidth + 1 && !insideHorizontalScroller(element),
  );
  const outermost = stickingOut.filter((element) => !stickingOut.includes(element.parentElement as Element));
  const described = outermost.slice(0, 5).map((element) => {
    const classes = [...element.classList].map((name) => `.${name}`).join('');
    return `<${element.tagName.toLowerCase()}${classes}> to ${Math.round(element.getBoundingClientRect().right)}px`;
  });
  throw new Error(
    `The story is ${scrollWidth}px wide in a ${clientWidth}px viewport, so the page scrolls sideways: ${described.join(', ')}`,
  );
}

const preview: Preview = {
  // The same handlers as the web tests; requests nobody mocks (assets, Storybook's own) pass through.
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker(...handlers);
      await worker.start({ serviceWorker: { url: './mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });
      return worker;
    }),
  ],
  decorators: [withRouter, withQueryClient, withLanguage],
  afterEach: failOnSidewaysScroll,
  globalTypes: {
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'es', title: 'Español' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en' },
  parameters: {
    layout: 'fullscreen',
    // axe over every story's canvas; 'error' fails the story's test in the storybook Vitest project. A
    // lone story has no page landmarks, so the region rule is left to the page-level e2e axe checks.
    a11y: { test: 'error', options: { rules: { region: { enabled: false } } } },
    // The toolbar's widths (.storybook/viewports.ts); the storybook Vitest project checks every story at
    // mobile and desktop.
    viewport: { options: toolbarViewports },
  },
};

export default preview;
