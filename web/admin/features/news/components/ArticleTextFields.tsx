import { useTranslation } from 'react-i18next';
import { Field, fieldAria } from '../../../components/Field';
import { input } from '../../../lib/ui';
import type { ArticleDraft, DraftField } from '../lib/article-draft';

type Props = {
  draft: ArticleDraft;
  errors: Partial<Record<DraftField, string>>;
  categories: string[];
  set: <K extends DraftField>(field: K, value: ArticleDraft[K]) => void;
};

/** Title, excerpt, category (free text with suggestions) and the markdown content. */
export function ArticleTextFields({ draft, errors, categories, set }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Field id="article-title" label={t('admin.form.titleLabel')} required error={errors.title}>
        <input
          {...fieldAria('article-title', { error: errors.title })}
          name="title"
          data-autofocus
          value={draft.title}
          maxLength={200}
          onChange={(e) => set('title', e.target.value)}
          className={input}
        />
      </Field>
      <Field
        id="article-excerpt"
        label={t('admin.form.excerptLabel')}
        required
        error={errors.excerpt}
      >
        <textarea
          {...fieldAria('article-excerpt', { error: errors.excerpt })}
          name="excerpt"
          rows={2}
          maxLength={500}
          value={draft.excerpt}
          onChange={(e) => set('excerpt', e.target.value)}
          className={input}
        />
      </Field>
      <Field
        id="article-category"
        label={t('admin.form.categoryLabel')}
        required
        hint={t('admin.form.categoryHint')}
        error={errors.category}
      >
        <input
          {...fieldAria('article-category', { hint: true, error: errors.category })}
          name="category"
          list="article-category-options"
          autoComplete="off"
          maxLength={60}
          value={draft.category}
          onChange={(e) => set('category', e.target.value)}
          className={input}
        />
        <datalist id="article-category-options">
          {categories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
      </Field>
      <Field
        id="article-content"
        label={t('admin.form.contentLabel')}
        required
        hint={t('admin.form.contentHint')}
        error={errors.content}
      >
        <textarea
          {...fieldAria('article-content', { hint: true, error: errors.content })}
          name="content"
          rows={12}
          value={draft.content}
          onChange={(e) => set('content', e.target.value)}
          className={`${input} font-mono text-[13px] leading-relaxed`}
        />
      </Field>
    </>
  );
}
