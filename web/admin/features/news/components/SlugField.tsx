import { useTranslation } from 'react-i18next';
import { slugProblem } from '#shared/slug';
import { Field, fieldAria } from '../../../components/Field';
import { input } from '../../../lib/ui';
import { useDocumentKind } from '../lib/document-kind';

type Props = { value: string; auto: boolean; error?: string; onChange: (value: string) => void };

/** The slug, checked against the shared rules on every keystroke. */
export function SlugField({ value, auto, error, onChange }: Props) {
  const { t } = useTranslation();
  const page = useDocumentKind() === 'page';
  const problem = value === '' ? undefined : (slugProblem(value) ?? undefined);
  const shown = error ?? (problem ? t(problem) : undefined);
  const hint = (
    <>
      {t(page ? 'admin.pages.slugHint' : 'admin.form.slugHint', { url: `/${value || '…'}` })}
      {auto && <span className="block">{t('admin.form.slugAuto')}</span>}
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
