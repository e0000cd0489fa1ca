import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Home } from 'lucide-react';
import { useLocalize } from '../../lib/page-language';
import { buttonPrimary } from '../../ui/styles';

/** The 404 page (the server answers it with HTTP 404). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const localize = useLocalize();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <div className="flex flex-col items-center px-6 py-24 text-center sm:py-32">
      <h1 className="font-display text-7xl font-bold text-signal-600 sm:text-8xl">
        {t('not-found.title')}
      </h1>
      <p className="mt-4 text-2xl font-semibold text-navy-900 sm:text-3xl">
        {t('not-found.message')}
      </p>
      <Link to={localize('/')} className={`${buttonPrimary} mt-10`}>
        <Home aria-hidden="true" className="size-4" />
        {t('not-found.home')}
      </Link>
    </div>
  );
}
