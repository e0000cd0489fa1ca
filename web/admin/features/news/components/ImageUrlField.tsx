import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpUrl } from '#shared/news';
import { Field, fieldAria } from '../../../components/Field';
import { input } from '../../../lib/ui';

type Props = { value: string; error?: string; onChange: (value: string) => void };

/** Optional image address with a live preview once it is a valid http(s) URL. */
export function ImageUrlField({ value, error, onChange }: Props) {
  const { t } = useTranslation();
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const url = value.trim();
  const valid = url !== '' && isHttpUrl(url);
  const shown = error ?? (url !== '' && !valid ? t('validation.imageUrl.invalid') : undefined);
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
        type="url"
        inputMode="url"
        value={value}
        placeholder="https://"
        onChange={(e) => onChange(e.target.value)}
        className={input}
      />
      {valid && (
        <figure className="mt-2">
          {brokenUrl === url ? (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {t('admin.form.imageBroken')}
            </p>
          ) : (
            <img
              src={url}
              alt={t('admin.form.imagePreview')}
              onError={() => setBrokenUrl(url)}
              className="h-32 w-full rounded-md border border-slate-200 object-cover"
            />
          )}
        </figure>
      )}
    </Field>
  );
}
