import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/languages';
import { imageUrlProblem } from '#shared/news';
import { SEO_DESCRIPTION_MAX_LENGTH, SEO_TITLE_MAX_LENGTH } from '#shared/news-schema';
import { Field, fieldAria } from '../../../components/Field';
import { input } from '../../../lib/ui';
import { ImageUpload } from '../../media/components/ImageUpload';
import { blankSearch, textIn, type ArticleDraft, type SearchDraft } from '../lib/article-draft';
import { SearchPreview } from './SearchPreview';

/** Search results show about this many characters of a title before cutting it. */
export const TITLE_SHOWN = 60;

type Props = {
  draft: ArticleDraft;
  language: Language;
  /** Display errors of this language's search fields, by plain field name. */
  errors: Partial<Record<keyof SearchDraft, string>>;
  setSearch: (field: keyof SearchDraft, value: string) => void;
  /** Told when an upload of the social image starts (`true`) and is over (`false`). */
  onUploading: (pending: boolean) => void;
};

/**
 * What search engines and link previews show of one language: its own
 * title, description and social image (each optional: the title, excerpt
 * and image serve without them), with their lengths as the admin types and
 * a preview of the search result.
 */
export function SearchFields({ draft, language, errors, setSearch, onUploading }: Props) {
  const { t } = useTranslation();
  const search = draft.search[language] ?? blankSearch;
  const text = textIn(draft, language);
  const titleLength = search.seo_title.trim().length;
  const descriptionLength = search.seo_description.trim().length;
  const image = search.social_image.trim();
  const imageProblem = image === '' ? null : imageUrlProblem(image);
  const imageError = errors.social_image ?? (imageProblem ? t(imageProblem) : undefined);
  const long = (n: number, max: number) => (n > max ? 'font-semibold text-red-700' : '');

  return (
    <div className="space-y-4">
      <Field
        id="article-seo-title"
        label={t('admin.seo.titleLabel')}
        error={errors.seo_title}
        hint={
          <span className={long(titleLength, SEO_TITLE_MAX_LENGTH)}>
            {t('admin.seo.titleHint', {
              count: titleLength,
              max: SEO_TITLE_MAX_LENGTH,
              shown: TITLE_SHOWN,
            })}
          </span>
        }
      >
        <input
          {...fieldAria('article-seo-title', { hint: true, error: errors.seo_title })}
          name="seo_title"
          lang={language}
          value={search.seo_title}
          placeholder={text.title}
          onChange={(e) => setSearch('seo_title', e.target.value)}
          className={input}
        />
      </Field>
      <Field
        id="article-seo-description"
        label={t('admin.seo.descriptionLabel')}
        error={errors.seo_description}
        hint={
          <span className={long(descriptionLength, SEO_DESCRIPTION_MAX_LENGTH)}>
            {t('admin.seo.descriptionHint', {
              count: descriptionLength,
              max: SEO_DESCRIPTION_MAX_LENGTH,
            })}
          </span>
        }
      >
        <textarea
          {...fieldAria('article-seo-description', { hint: true, error: errors.seo_description })}
          name="seo_description"
          rows={2}
          lang={language}
          value={search.seo_description}
          placeholder={text.excerpt}
          onChange={(e) => setSearch('seo_description', e.target.value)}
          className={input}
        />
      </Field>
      <Field
        id="article-social-image"
        label={t('admin.seo.imageLabel')}
        hint={t('admin.seo.imageHint')}
        error={imageError}
      >
        <input
          {...fieldAria('article-social-image', { hint: true, error: imageError })}
          name="social_image"
          type="text"
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          value={search.social_image}
          placeholder={draft.image_url || 'https://'}
          onChange={(e) => setSearch('social_image', e.target.value)}
          className={input}
        />
      </Field>
      <ImageUpload
        onImage={(url) => setSearch('social_image', url)}
        labels={{ pick: t('admin.seo.upload'), library: t('admin.seo.library') }}
        onPending={onUploading}
      />
      <SearchPreview draft={draft} language={language} />
    </div>
  );
}
