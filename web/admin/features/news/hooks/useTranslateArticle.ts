import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticleText } from '#shared/article-languages';
import type { Language } from '#shared/languages';
import { errorMessage } from '../../../../common/api';
import { toast } from '../../../../common/toast';
import { translateNews } from '../api/llm.queries';

/**
 * "Translate with AI": one call per target language, so each language shows
 * its own progress and a failure in one loses nothing of the others. Each
 * draft is handed to `onText` as it arrives, for review; nothing is stored.
 * Closing the form cancels the calls still running.
 */
export function useTranslateArticle(onText: (language: Language, text: ArticleText) => void) {
  const { t } = useTranslation();
  const [working, setWorking] = useState<ReadonlySet<Language>>(new Set());
  const controller = useRef(new AbortController());
  useEffect(() => () => controller.current.abort(), []);

  const mark = (language: Language, on: boolean) =>
    setWorking((previous) => {
      const next = new Set(previous);
      if (on) next.add(language);
      else next.delete(language);
      return next;
    });

  function translate(source: ArticleText, from: Language, targets: readonly Language[]) {
    const { signal } = controller.current;
    for (const to of targets) {
      if (working.has(to)) continue;
      mark(to, true);
      const language = t(`article.inLanguage.${to}`);
      const failed = (reason: string) =>
        toast.error(t, t('admin.translate.failed', { language, reason }));
      translateNews({ source, from, to, signal })
        .then((text) => {
          if (signal.aborted) return;
          if (!text) return failed(t('admin.translate.empty'));
          onText(to, text);
          toast.success(t('admin.translate.done', { language }));
        })
        .catch((error: unknown) => {
          if (!signal.aborted) failed(errorMessage(error, t, 'errors.networkShort'));
        })
        .finally(() => {
          if (!signal.aborted) mark(to, false);
        });
    }
  }

  return { working, translate };
}
