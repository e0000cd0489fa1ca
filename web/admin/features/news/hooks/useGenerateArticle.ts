import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/languages';
import type { GeneratedArticle } from '#shared/llm';
import { toast } from '../../../../common/toast';
import { useGenerateNewsContent } from '../api/llm.queries';
import { useDocumentKind } from '../lib/document-kind';

/**
 * Sends the description to the model, asking for the article (or page) in `language`.
 * Closing the modal while it works cancels the request.
 */
export function useGenerateArticle(
  onGenerated: (article: GeneratedArticle, language: Language) => void,
) {
  const { t } = useTranslation();
  const generation = useGenerateNewsContent();
  const kind = useDocumentKind();
  const request = useRef<AbortController | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  function generate(prompt: string, category: string, language: Language) {
    if (prompt.trim() === '') return toast.error(t, t('admin.errors.prompt'));
    const controller = new AbortController();
    request.current = controller;
    generation.mutate(
      {
        request: {
          prompt: prompt.trim(),
          category: category || undefined,
          language,
          // A page is asked for as one (About us, Careers), not as news.
          ...(kind === 'page' ? { kind } : {}),
        },
        signal: controller.signal,
      },
      {
        onSuccess(article) {
          toast.success(t('admin.toast.generated'));
          onGenerated(article, language);
        },
        onError(error) {
          if (!controller.signal.aborted) toast.failure(t, error, 'admin.errors.generate');
        },
      },
    );
  }

  return { busy: generation.isPending, generate };
}
