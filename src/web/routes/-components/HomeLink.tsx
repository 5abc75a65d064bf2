import { useLingui } from '@lingui/react/macro';
import { Link } from '../../ui/Link.tsx';

/** The way out of a dead-end page: the home page, keeping language and terminal. */
export function HomeLink() {
  const { t } = useLingui();
  return (
    <Link to="/" variant="primary">
      {t`Go to the main page`}
    </Link>
  );
}
