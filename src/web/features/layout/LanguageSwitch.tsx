import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { createLink } from '@tanstack/react-router';
import type { Language } from '../../../contract/common.ts';

interface LanguageAnchorProps extends ComponentPropsWithoutRef<'a'> {
  isCurrent: boolean;
}

/**
 * The router marks a link to the exact current URL `aria-current="page"`, which would flag the current
 * language only when `?lang=` is in the address. A language is current either way, so the anchor says so
 * itself with `aria-current="true"`.
 */
const LanguageAnchor = forwardRef<HTMLAnchorElement, LanguageAnchorProps>(function LanguageAnchor({ isCurrent, children, ...props }, ref) {
  return (
    <a {...props} ref={ref} aria-current={isCurrent ? 'true' : undefined}>
      {children}
    </a>
  );
});
const LanguageLink = createLink(LanguageAnchor);

const options: { language: Language; label: string; name: string }[] = [
  { language: 'es', label: 'ES', name: 'Español' },
  { language: 'en', label: 'EN', name: 'English' },
];

/** Switching language rewrites `?lang=` on the current URL, so links and reloads keep it. */
export function LanguageSwitch({ current }: { current: Language }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Language`} className="language-switch">
      {options.map((option) => (
        <LanguageLink
          key={option.language}
          to="."
          search={(previous: Record<string, unknown>) => ({ ...previous, lang: option.language })}
          isCurrent={option.language === current}
          lang={option.language}
        >
          {/* The short code shows; screen readers hear the name, written in its own language so it is
              pronounced right (no aria-label: the accessible name must contain what is visible). */}
          <span aria-hidden="true">{option.label}</span>
          <span className="visually-hidden">{option.name}</span>
        </LanguageLink>
      ))}
    </nav>
  );
}
