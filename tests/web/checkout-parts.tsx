import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Language } from '../../src/contract/common.ts';
import { activateLanguage, i18n } from '../../src/web/i18n.ts';

/** Renders one checkout part (payment, pricing, insurance, coupon, modals) with the app's providers. */
export function renderPart(ui: ReactNode, { language = 'en' }: { language?: Language } = {}) {
  activateLanguage(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>{ui}</I18nProvider>
    </QueryClientProvider>,
  );
  return { ...result, user };
}
