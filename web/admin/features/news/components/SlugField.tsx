import { useTranslation } from 'react-i18next';
import { slugProblem } from '#shared/slug';
import { Field, fieldAria } from '../../../components/Field';
import { button, input } from '../../../lib/ui';
import { useDocumentKind } from '../lib/document-kind';

type Props = {
  value: string;
  auto: boolean;
  error?: string;
  onChange: (value: string) => void;
  /** Given when the slug was another article's or page's: saves taking it over. */
  onTakeOver?: () => void;
  /** The take-over waits (a save, a translation or an upload under way). */
  waiting?: boolean;
};

/**
 * The slug, checked against the shared rules on every keystroke; one
 * another article or page had before can be taken over from here.
 */
export function SlugField({ value, auto, error, onChange, onTakeOver, waiting = false }: Props) {
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
  const field = (
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
  if (!onTakeOver) return field;
  return (
    <div className="space-y-2">
      {field}
      <button
        type="button"
        className={button.secondary}
        disabled={waiting}
        aria-describedby={shown ? 'article-slug-error' : undefined}
        onClick={onTakeOver}
      >
        {t('admin.form.takeOverSlug')}
      </button>
    </div>
  );
}
