import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';

export function BackToNews() {
  const { t } = useTranslation();
  return (
    <Link
      to="/news"
      className="inline-flex items-center gap-2 rounded-md font-semibold text-navy-800 hover:text-signal-700"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('article.back')}
    </Link>
  );
}
