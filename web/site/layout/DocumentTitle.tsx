import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import type { ArticleLoaderData } from '../lib/loaders';
import { pageIdOf, pageMeta } from '../seo/meta';

/** Keeps `document.title` right after client-side navigation and language changes. */
export function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const pageId = pageIdOf(matches.map((m) => m.id));
  const article =
    pageId === 'article' || pageId === 'preview'
      ? (matches.at(-1)?.data as ArticleLoaderData | undefined)
      : undefined;
  const title = pageMeta(pageId, t, article?.article ?? article?.page ?? null).title;
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
  return null;
}
