import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { onWeb } from '../lib/on-web';
import { LanguageSwitcher } from './LanguageSwitcher';

/** Top bar of the sign-in page: back to the public site (on the web only) and the language. */
export function PageCorner() {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-4 p-4 sm:px-8">
      {onWeb() ? (
        <a
          href="/"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {t('login.backToSite')}
        </a>
      ) : (
        <span />
      )}
      <LanguageSwitcher />
    </div>
  );
}
