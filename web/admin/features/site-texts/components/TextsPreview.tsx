import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '#shared/languages';
import type { SiteTextsPreviewRequest } from '#shared/site-texts';
import { errorMessage } from '../../../../common/api';
import { Spinner } from '../../../components/Spinner';
import { input } from '../../../lib/ui';
import { previewTexts } from '../api/site-texts.queries';

type Props = {
  path: SiteTextsPreviewRequest['path'];
  values: SiteTextsPreviewRequest['values'];
  /** Where on the page the group's texts are (scrolled into view). */
  anchor: string | null;
  initialLanguage: Language;
  /** The language last typed in: the preview switches to it. */
  follow: Language | null;
};

/** How long typing may pause before the preview is drawn again. */
const SETTLE_MS = 500;

/**
 * The page the texts belong to, drawn by the server with the unsaved texts
 * in place, in a language of the admin's choice. It is a still copy in a
 * sandboxed frame (no scripts run), scrolled to the group's part of the page.
 */
export function TextsPreview({ path, values, anchor, initialLanguage, follow }: Props) {
  const { t } = useTranslation();
  const selectId = useId();
  const [language, setLanguage] = useState(initialLanguage);
  const [html, setHtml] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const frame = useRef<HTMLIFrameElement>(null);
  const body = JSON.stringify(values);

  useEffect(() => {
    if (follow) setLanguage(follow);
  }, [follow]);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      previewTexts({ path, language, values: JSON.parse(body) as typeof values }, controller.signal)
        .then((page) => {
          setHtml(page);
          setFailure(null);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setFailure(errorMessage(error, t));
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [path, language, body, t]);

  // Scrolls the frame's own page only (scrollIntoView would move the admin's page too).
  const scroll = () => {
    const page = frame.current?.contentDocument;
    const target = anchor ? page?.querySelector(anchor) : null;
    if (!page?.scrollingElement || !target) return;
    page.scrollingElement.scrollTop += target.getBoundingClientRect().top - 80;
  };

  return (
    <section aria-label={t('admin.siteTexts.preview.title')} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm whitespace-nowrap text-slate-700">
            {t('admin.siteTexts.preview.language')}
          </label>
          <select
            id={selectId}
            value={language}
            onChange={(e) => setLanguage(e.target.value as Language)}
            className={`${input} w-auto py-1`}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`language.names.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <p role="status" className="flex items-center gap-2 text-xs text-slate-600">
          {loading && <Spinner className="h-3.5 w-3.5" />}
          {loading ? t('admin.siteTexts.preview.updating') : t('admin.siteTexts.preview.hint')}
        </p>
      </div>
      {failure && <p className="text-sm text-red-700">{failure}</p>}
      <div className="overflow-hidden rounded-lg border border-slate-300 bg-slate-100">
        {html !== null && (
          <iframe
            ref={frame}
            title={t('admin.siteTexts.preview.frame', {
              language: t(`article.inLanguage.${language}`),
            })}
            srcDoc={html}
            sandbox="allow-same-origin"
            onLoad={scroll}
            className="h-[28rem] w-full bg-white"
          />
        )}
      </div>
    </section>
  );
}
