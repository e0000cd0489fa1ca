import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/languages';
import { useDocumentKind } from '../lib/document-kind';

type Props = {
  language: Language;
  published: boolean;
  onChange: (published: boolean) => void;
};

/**
 * Whether visitors see one translation: unticked, it stays a draft that
 * only staff see (on its tab, in the list and on the site with a notice),
 * while the other languages are public. A translation drafted by the model
 * starts unticked.
 */
export function LanguagePublish({ language, published, onChange }: Props) {
  const { t } = useTranslation();
  const page = useDocumentKind() === 'page';
  const name = t(`article.inLanguage.${language}`);
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          name={`published_${language}`}
          checked={published}
          aria-describedby={`language-publish-hint-${language}`}
          onChange={(e) => onChange(e.target.checked)}
          className="h-4 w-4 accent-slate-900"
        />
        {t('admin.translate.publishLanguage', { language: name })}
      </label>
      <p id={`language-publish-hint-${language}`} className="mt-1 text-xs text-slate-600">
        {published
          ? t(page ? 'admin.pages.publishedHint' : 'admin.translate.publishedHint', {
              language: name,
            })
          : t('admin.translate.draftHint', { language: name })}
      </p>
    </div>
  );
}
