import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Language } from '../../../contract/common.ts';

/**
 * Switching language rewrites `?lang=` on the current URL, so links and reloads keep it. The current
 * language is marked `aria-current`; the router upgrades it to "page" when `?lang=` is in the address.
 */
export function LanguageSwitch({ current }: { current: Language }) {
  const { t } = useLingui();
  const options: { language: Language; label: string; name: string }[] = [
    { language: 'es', label: 'ES', name: 'Español' },
    { language: 'en', label: 'EN', name: 'English' },
  ];
  return (
    <nav aria-label={t`Language`} className="language-switch">
      {options.map((option) => (
        <Link
          key={option.language}
          to="."
          search={(prev: Record<string, unknown>) => ({ ...prev, lang: option.language })}
          aria-current={option.language === current ? 'true' : undefined}
          aria-label={option.name}
          lang={option.language}
        >
          {option.label}
        </Link>
      ))}
    </nav>
  );
}
