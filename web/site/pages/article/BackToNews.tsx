import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { useLocalize } from '../../lib/page-language';

export function BackToNews() {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <Link
      to={localize('/news')}
      className="site-back inline-flex items-center gap-2 rounded-md font-semibold text-navy-800 hover:text-signal-700"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('article.back')}
    </Link>
  );
}
