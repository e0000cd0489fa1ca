import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { articlePath } from '#shared/language-paths';
import type { Language } from '#shared/languages';
import { publicationStatus } from '#shared/publication';
import { button } from '../../../lib/ui';
import { onWeb } from '../../../lib/on-web';

type Props = {
  /** The stored article or page: its slug and state. */
  doc: { slug: string; title: string; published: boolean; published_at: string | null };
  /** The language version to open (the public page of that language). */
  language: Language;
  className?: string;
};

/**
 * "View on site": the public page of an article or page in one language,
 * in a new tab. For a draft or a scheduled one it is the preview a signed-in
 * editor gets at the same address (with a "not public" notice). The desktop
 * app has no site pages to open, so it shows nothing there.
 */
export function ViewOnSite({ doc, language, className = button.ghost }: Props) {
  const { t } = useTranslation();
  if (!onWeb()) return null;
  const draft = publicationStatus(doc) !== 'published';
  return (
    <a href={articlePath(doc.slug, language)} target="_blank" rel="noopener" className={className}>
      <ExternalLink aria-hidden="true" className="h-4 w-4" />
      {draft ? t('admin.viewOnSite.preview') : t('admin.viewOnSite.label')}
      <span className="sr-only">
        : {doc.title} ({t(`article.inLanguage.${language}`)}, {t('admin.viewOnSite.newTab')})
      </span>
    </a>
  );
}
