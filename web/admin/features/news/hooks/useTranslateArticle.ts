import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticleText } from '#shared/article-languages';
import type { Language } from '#shared/languages';
import { sourceHash } from '#shared/source-hash';
import { errorMessage } from '../../../../common/api';
import { toast } from '../../../../common/toast';
import { translateNews } from '../api/llm.queries';

/** Languages to draft from a source text. */
export type TranslationJob = { source: ArticleText; from: Language; targets: readonly Language[] };

/**
 * "Translate with AI": one call per target language, so each language shows
 * its own progress and a failure in one loses nothing of the others. Each
 * draft is handed to `onText` as it arrives, for review, with the hash of
 * the source it was made from; nothing is stored.
 * A failure is kept (by language, as a display text) until that language is
 * asked for again. `start`, if given, runs once when the form opens (the
 * "Using AI" draft in all three languages). Closing the form cancels the
 * calls still running.
 */
export function useTranslateArticle(
  onText: (language: Language, text: ArticleText, basis: string) => void,
  start?: TranslationJob,
) {
  const { t } = useTranslation();
  const [working, setWorking] = useState<ReadonlySet<Language>>(new Set());
  const [failures, setFailures] = useState<Partial<Record<Language, string>>>({});
  const controller = useRef(new AbortController());

  const mark = (language: Language, on: boolean) =>
    setWorking((previous) => {
      const next = new Set(previous);
      if (on) next.add(language);
      else next.delete(language);
      return next;
    });
  const fail = (language: Language, message: string | null) =>
    setFailures((previous) => {
      const next = { ...previous };
      if (message) next[language] = message;
      else delete next[language];
      return next;
    });

  function translate({ source, from, targets }: TranslationJob) {
    const { signal } = controller.current;
    // Which source the drafts are made from: a later edit of it makes them outdated.
    const basis = sourceHash(source);
    for (const to of targets) {
      if (working.has(to)) continue;
      mark(to, true);
      fail(to, null);
      const language = t(`article.inLanguage.${to}`);
      const failed = (reason: string) => {
        const message = t('admin.translate.failed', { language, reason });
        fail(to, message);
        toast.error(t, message);
      };
      translateNews({ source, from, to, signal })
        .then((text) => {
          if (signal.aborted) return;
          if (!text) return failed(t('admin.translate.empty'));
          onText(to, text, basis);
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

  // A controller per mount, so a remount (React's StrictMode) starts afresh.
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    if (start?.targets.length) translate(start);
    return () => current.abort();
    // Only when the form opens; later translations are asked for by the admin.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { working, failures, translate, dismiss: (language: Language) => fail(language, null) };
}

export type ArticleTranslator = ReturnType<typeof useTranslateArticle>;
