import { useTranslation } from 'react-i18next';
import { otherLanguages } from '#shared/article-languages';
import type { Language } from '#shared/languages';
import { IMAGE_ALT_MAX_LENGTH } from '#shared/news-schema';
import { Field, fieldAria } from '../../../components/Field';
import { input } from '../../../lib/ui';
import { ImageUpload } from '../../media/components/ImageUpload';
import { isBlank, textIn, type ArticleDraft, type DraftField } from '../lib/article-draft';
import { ImageUrlField } from './ImageUrlField';

type Props = {
  draft: ArticleDraft;
  errors: Partial<Record<DraftField, string>>;
  set: <K extends DraftField>(field: K, value: ArticleDraft[K]) => void;
  /** Told when an upload starts (`true`) and is over (`false`). */
  onUploading: (pending: boolean) => void;
};

/**
 * The article's image: uploaded (dropped or picked), reused from the media
 * library, or an address typed in; and its description for readers who
 * cannot see it, in every language the article has.
 */
export function ImageField({ draft, errors, set, onUploading }: Props) {
  const { t } = useTranslation();
  const sourceLanguage = draft.source_language;
  // The source language first, then each translation the form holds text for.
  const languages = [
    sourceLanguage,
    ...otherLanguages(sourceLanguage).filter((l) => !isBlank(textIn(draft, l))),
  ];
  const altOf = (l: Language) => (l === sourceLanguage ? draft.image_alt : draft.image_alts[l]);
  const setAlt = (l: Language, value: string) =>
    l === sourceLanguage
      ? set('image_alt', value)
      : set('image_alts', { ...draft.image_alts, [l]: value });
  return (
    <div className="space-y-3">
      <ImageUrlField
        value={draft.image_url}
        error={errors.image_url}
        onChange={(v) => set('image_url', v)}
      />
      <ImageUpload onImage={(url) => set('image_url', url)} onPending={onUploading} />
      {draft.image_url.trim() !== '' &&
        languages.map((l) => {
          const id = `article-image-alt-${l}`;
          const error = l === sourceLanguage ? errors.image_alt : undefined;
          return (
            <Field
              key={l}
              id={id}
              label={t('admin.media.altLabel', { language: t(`language.names.${l}`) })}
              hint={l === sourceLanguage ? t('admin.media.altHint') : undefined}
              error={error}
            >
              <input
                {...fieldAria(id, { hint: l === sourceLanguage, error })}
                name={`image_alt_${l}`}
                lang={l}
                value={altOf(l) ?? ''}
                maxLength={IMAGE_ALT_MAX_LENGTH}
                onChange={(e) => setAlt(l, e.target.value)}
                className={input}
              />
            </Field>
          );
        })}
    </div>
  );
}
