import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ArrowRight } from 'lucide-react';
import { useLocalize } from '../../lib/page-language';
import { buttonPrimary, container } from '../../ui/styles';

export function ClosingCta() {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <section aria-labelledby="cta-title" className="bg-steel-50 py-20 sm:py-24">
      <div className={`${container} flex flex-col items-center text-center`}>
        <h2 id="cta-title" className="max-w-2xl text-3xl font-bold text-navy-900 sm:text-4xl">
          {t('home.cta.title')}
        </h2>
        <p className="mt-4 max-w-xl text-lg text-steel-600">{t('home.cta.description')}</p>
        <Link to={localize('/contact')} className={`${buttonPrimary} mt-8`}>
          {t('home.cta.button')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </section>
  );
}
