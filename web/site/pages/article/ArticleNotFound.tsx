import { useTranslation } from 'react-i18next';
import { FileQuestion } from 'lucide-react';
import { BackToNews } from './BackToNews';

export function ArticleNotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <FileQuestion aria-hidden="true" className="size-14 text-steel-400" />
      <h1 className="mt-6 text-3xl font-bold text-navy-900">{t('article.notFound.title')}</h1>
      <p className="mt-4 text-lg text-steel-600">{t('article.notFound.message')}</p>
      <div className="mt-8">
        <BackToNews />
      </div>
    </div>
  );
}
