import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <section className="page-message" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t`We could not find this page`}</h1>
      <p>
        <Trans>The address may be mistyped, or the page may have moved.</Trans>
      </p>
      <Link to="/" className="button button--primary">
        {t`Go to the main page`}
      </Link>
    </section>
  );
}
