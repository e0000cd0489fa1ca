import { Eye, EyeOff, ExternalLink, Languages } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localizedPath } from '#shared/language-paths';
import { pickLanguage } from '#shared/languages';
import { SITE_TEXT_GROUPS, type SiteText, type SiteTextGroupId } from '#shared/site-texts';
import { Spinner } from '../../../components/Spinner';
import { button, card } from '../../../lib/ui';
import type { TextsEditor } from '../hooks/useTextsEditor';
import { SearchPreview } from './SearchPreview';
import { TextRow } from './TextRow';
import { TextsPreview } from './TextsPreview';

/** Where each group's texts are on its page, for the preview to scroll to. */
const ANCHORS: Partial<Record<SiteTextGroupId, string>> = {
  hero: '#hero-title',
  services: '#services-title',
  proof: 'section[aria-labelledby="services-title"] + section',
  values: '#values-title',
  cta: '#cta-title',
  details: '#contact-details-heading',
  hours: '#contact-details-heading',
  footer: 'footer',
};

type Props = {
  id: SiteTextGroupId;
  texts: SiteText[];
  /** Every text (the search preview of titles needs the company's name). */
  all: SiteText[];
  editor: TextsEditor;
  aiAvailable: boolean;
  siteLinks: boolean;
  withPreview: boolean;
};

/**
 * One group of texts: where it appears ("View on site" opens that page in
 * the admin's language), "Translate with AI" for the languages its changed
 * texts lack, the live preview, and its texts.
 */
export function GroupPanel({ id, texts, all, editor, aiAvailable, siteLinks, withPreview }: Props) {
  const { t, i18n } = useTranslation();
  const [previewing, setPreviewing] = useState(true);
  const group = SITE_TEXT_GROUPS.find((g) => g.id === id)!;
  const language = pickLanguage(i18n.language);
  const headingId = `group-${id}`;
  const canTranslate = aiAvailable && editor.canTranslate(texts);
  return (
    <section aria-labelledby={headingId} className={`${card} space-y-5 p-4 sm:p-6`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {t(`admin.siteTexts.groups.${id}`)}
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          {aiAvailable && (
            <button
              type="button"
              className={button.secondary}
              disabled={!canTranslate || editor.translating}
              title={canTranslate ? undefined : t('admin.siteTexts.nothingToTranslate')}
              onClick={() => void editor.translate(texts)}
            >
              {editor.translating ? (
                <Spinner className="h-4 w-4" />
              ) : (
                <Languages aria-hidden="true" className="h-4 w-4" />
              )}
              {editor.translating
                ? t('admin.siteTexts.translating')
                : t('admin.siteTexts.translate')}
            </button>
          )}
          {withPreview && (
            <button
              type="button"
              className={button.secondary}
              aria-expanded={previewing}
              onClick={() => setPreviewing((on) => !on)}
            >
              {previewing ? (
                <EyeOff aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Eye aria-hidden="true" className="h-4 w-4" />
              )}
              {previewing ? t('admin.siteTexts.preview.hide') : t('admin.siteTexts.preview.show')}
            </button>
          )}
          {siteLinks && (
            <a
              href={localizedPath(language, group.path)}
              target="_blank"
              rel="noreferrer"
              className={button.secondary}
            >
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              {t('admin.siteTexts.viewOnSite')}
              <span className="sr-only"> ({t('admin.opensInNewTab')})</span>
            </a>
          )}
        </div>
      </div>
      {id === 'hero' && (
        <p className="text-sm text-slate-600">
          {t('admin.siteTexts.heroMedia')}{' '}
          <Link to="/admin/media" className="font-medium text-sky-800 underline">
            {t('admin.media.pageTitle')}
          </Link>
        </p>
      )}
      {withPreview &&
        previewing &&
        (id === 'meta' ? (
          <SearchPreview
            texts={all}
            edits={editor.edits}
            initialLanguage={language}
            follow={editor.lastLanguage}
          />
        ) : (
          <TextsPreview
            path={group.path}
            values={editor.values}
            anchor={ANCHORS[id] ?? null}
            initialLanguage={language}
            follow={editor.lastLanguage}
          />
        ))}
      <div className="space-y-4">
        {texts.map((text) => (
          <TextRow
            key={text.key}
            text={text}
            edits={editor.edits}
            drafted={editor.drafted}
            errors={editor.errors}
            onChange={editor.change}
          />
        ))}
      </div>
    </section>
  );
}
