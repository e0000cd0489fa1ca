import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CONTACT_SOURCE_FIELD } from '#shared/contact';
import { useLocalize } from '../../lib/page-language';
import { buttonPrimary } from '../../ui/styles';

/**
 * The call to action that ends every article and page: to the contact form
 * in the page's language, saying which article or page the visitor came
 * from (`/pt/contact?from=<slug>`), so the enquiry can be traced back to it.
 */
export function ContactCta({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const to = `${localize('/contact')}?${CONTACT_SOURCE_FIELD}=${encodeURIComponent(slug)}`;
  return (
    <aside
      aria-labelledby="article-cta-title"
      className="site-cta mt-12 rounded-xl bg-steel-50 px-6 py-8 text-center sm:px-10"
      data-testid="article-cta"
    >
      <h2 id="article-cta-title" className="text-2xl font-bold text-navy-900">
        {t('article.cta.title')}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-steel-600">{t('article.cta.description')}</p>
      <Link to={to} className={`${buttonPrimary} mt-6`}>
        {t('article.cta.button')}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </aside>
  );
}
