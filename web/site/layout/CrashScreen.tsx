import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { TriangleAlert } from 'lucide-react';
import { useLocalize } from '../lib/page-language';

/** What a visitor sees when a page fails to render: never a blank screen. */
export function CrashScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  const localize = useLocalize();
  useEffect(() => {
    console.error('Unexpected application error', error);
  }, [error]);
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center"
    >
      <TriangleAlert aria-hidden="true" className="size-12 text-signal-600" />
      <h1 className="font-display text-3xl font-bold text-navy-900">{t('app.crash.title')}</h1>
      <p className="text-steel-600">{t('app.crash.message')}</p>
      <a
        href={localize('/')}
        className="rounded-md bg-signal-400 px-5 py-2.5 font-semibold text-navy-950 hover:bg-signal-300"
      >
        {t('app.crash.home')}
      </a>
    </div>
  );
}
