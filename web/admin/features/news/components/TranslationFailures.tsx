import { CircleAlert, RotateCw, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { otherLanguages } from '#shared/article-languages';
import type { Language } from '#shared/languages';
import { button } from '../../../lib/ui';
import type { ArticleTranslator } from '../hooks/useTranslateArticle';

type Props = {
  /** The source language: a failure for it (before the source changed) no longer applies. */
  from: Language;
  translator: ArticleTranslator;
  canRetry: boolean;
  onRetry: (language: Language) => void;
};

/**
 * The translations that failed, each with what went wrong, "Try again" and
 * a way to put the message away. It stays after the toast has gone; the
 * other languages and the source are untouched by it.
 */
export function TranslationFailures({ from, translator, canRetry, onRetry }: Props) {
  const { t } = useTranslation();
  const { failures, working, dismiss } = translator;
  const failed = otherLanguages(from).filter((l) => failures[l] && !working.has(l));
  if (failed.length === 0) return null;
  return (
    <ul className="space-y-2">
      {failed.map((language) => {
        const name = t(`article.inLanguage.${language}`);
        return (
          <li
            key={language}
            data-testid={`translation-failed-${language}`}
            className="flex flex-wrap items-start gap-x-2 gap-y-1 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-red-700" />
            <span className="min-w-48 flex-1">{failures[language]}</span>
            {/* Beside the message, or under it on a narrow screen. */}
            <span className="ml-auto flex items-center gap-1">
              <button
                type="button"
                className={`${button.ghost} -my-1 shrink-0 text-red-900 hover:bg-red-100`}
                // The visible words first, then which language (two may have failed).
                aria-label={`${t('admin.translate.retry')} – ${name}`}
                disabled={!canRetry}
                title={canRetry ? undefined : t('admin.translate.needSource')}
                onClick={() => onRetry(language)}
              >
                <RotateCw aria-hidden="true" className="h-4 w-4" />
                {t('admin.translate.retry')}
              </button>
              <button
                type="button"
                className="-my-0.5 shrink-0 rounded p-1 text-red-800 hover:bg-red-100"
                aria-label={`${t('admin.translate.dismiss')} – ${name}`}
                onClick={() => dismiss(language)}
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
