import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeneratedArticle } from '#shared/llm';
import { isLanguage } from '#shared/languages';
import { notifyError, notifyProblem, notifySuccess } from '../../../lib/notify';
import { generateNewsContent } from '../api/generate-news-content';

/**
 * Sends the description to the model in the dashboard's language. Closing the
 * modal while it works cancels the request.
 */
export function useGenerateArticle(onGenerated: (article: GeneratedArticle) => void) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const request = useRef<AbortController | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  async function generate(prompt: string, category: string) {
    if (prompt.trim() === '') return notifyProblem(t, 'admin.errors.prompt');
    const controller = new AbortController();
    request.current = controller;
    setBusy(true);
    try {
      const article = await generateNewsContent(
        {
          prompt: prompt.trim(),
          category: category || undefined,
          language: isLanguage(i18n.language) ? i18n.language : undefined,
        },
        controller.signal,
      );
      notifySuccess(t, 'admin.toast.generated');
      onGenerated(article);
    } catch (error) {
      if (!controller.signal.aborted) notifyError(t, error, 'admin.errors.generate');
    } finally {
      if (!controller.signal.aborted) setBusy(false);
    }
  }

  return { busy, generate };
}
