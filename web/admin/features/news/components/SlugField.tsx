import { useTranslation } from 'react-i18next';
import { slugProblem } from '#shared/slug';
import { Field, fieldAria } from '../../../components/Field';
import { input } from '../../../lib/ui';

type Props = { value: string; auto: boolean; error?: string; onChange: (value: string) => void };

/** The slug, checked against the shared rules on every keystroke. */
export function SlugField({ value, auto, error, onChange }: Props) {
  const { t } = useTranslation();
  const problem = value === '' ? undefined : (slugProblem(value) ?? undefined);
  const shown = error ?? (problem ? t(problem) : undefined);
  const hint = (
    <>
      {t('admin.form.slugHint', { url: `/${value || '…'}` })}
      {auto && <> {t('admin.form.slugAuto')}</>}
    </>
  );
  return (
    <Field id="article-slug" label={t('admin.form.slugLabel')} required hint={hint} error={shown}>
      <input
        {...fieldAria('article-slug', { hint, error: shown })}
        name="slug"
        value={value}
        maxLength={120}
        spellCheck={false}
        autoCapitalize="none"
        onChange={(e) => onChange(e.target.value)}
        className={`${input} font-mono`}
      />
    </Field>
  );
}
