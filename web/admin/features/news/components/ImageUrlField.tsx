import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUrlProblem } from '#shared/news';
import { NewsImage } from '../../../../common/article/NewsImage';
import { Field, fieldAria } from '../../../components/Field';
import { input } from '../../../lib/ui';

type Props = { value: string; error?: string; onChange: (value: string) => void };

/**
 * Optional image address (https, or a path on the site), checked as you type
 * with the shared rule, with a preview once it is usable; a dead address says
 * so, and the default image stands in as it will on the site.
 */
export function ImageUrlField({ value, error, onChange }: Props) {
  const { t } = useTranslation();
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const url = value.trim();
  const problem = url === '' ? null : imageUrlProblem(url);
  const shown = error ?? (problem ? t(problem) : undefined);
  return (
    <Field
      id="article-image"
      label={t('admin.form.imageLabel')}
      hint={t('admin.form.imageHint')}
      error={shown}
    >
      <input
        {...fieldAria('article-image', { hint: true, error: shown })}
        name="image_url"
        type="text"
        inputMode="url"
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        placeholder="https://"
        onChange={(e) => onChange(e.target.value)}
        className={input}
      />
      {url !== '' && !problem && (
        <figure className="mt-2">
          <NewsImage
            src={url}
            alt={t('admin.form.imagePreview')}
            onBroken={() => setBrokenUrl(url)}
            className="h-32 w-full rounded-md border border-slate-200 object-cover"
          />
          {brokenUrl === url && (
            <figcaption className="mt-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {t('admin.form.imageBroken')}
            </figcaption>
          )}
        </figure>
      )}
    </Field>
  );
}
