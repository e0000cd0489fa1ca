import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryLabel, sameCategory } from '#shared/categories';
import { Field, fieldAria } from '../../../components/Field';
import { input } from '../../../lib/ui';
import type { ArticleText } from '#shared/article-languages';
import type { Language } from '#shared/languages';
import type { TextField } from '../lib/article-draft';
import { useDocumentKind } from '../lib/document-kind';

type Props = {
  /** The text of the language chosen in the form's tabs, and that language. */
  text: ArticleText;
  language: Language;
  /** Display errors: `title`, `excerpt`, `content` of this language and `category`. */
  errors: Partial<Record<TextField | 'category', string>>;
  category: string;
  /** The category the form opened with (stored, or the model's), kept while the label means it. */
  openedCategory: string;
  categories: string[];
  setText: (field: TextField, value: string) => void;
  setCategory: (value: string) => void;
  /**
   * The model is drafting this language: its fields are read-only until the
   * draft arrives (the draft replaces them, so anything typed would be lost).
   */
  translating?: boolean;
};

/**
 * Title, excerpt and the markdown content of one language (marked with its
 * `lang`), and the category every language shares (free text with
 * suggestions). A page has no category, and its excerpt is optional.
 *
 * A known category shows its label in the admin's language, as the list and
 * the preview do ("robotics" reads "Robótica"); while what is typed still
 * names the category the form opened with, that stored value is what is
 * kept and saved, so opening and saving an article leaves its category as
 * it was.
 */
export function ArticleTextFields(props: Props) {
  const { text, language, errors, category, categories, setText, setCategory } = props;
  const translating = props.translating ?? false;
  const { t } = useTranslation();
  const page = useDocumentKind() === 'page';
  // What was typed last, shown as typed while the draft still holds what it stands for.
  const [typed, setTyped] = useState<string | null>(null);
  const meant = (value: string) =>
    sameCategory(value, props.openedCategory) ? props.openedCategory : value;
  const shownCategory =
    typed !== null && meant(typed) === category ? typed : categoryLabel(category, t);
  return (
    <>
      {translating && (
        <p
          role="status"
          className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
        >
          {t('admin.form.translating')}
        </p>
      )}
      <Field id="article-title" label={t('admin.form.titleLabel')} required error={errors.title}>
        <input
          {...fieldAria('article-title', { error: errors.title })}
          name="title"
          data-autofocus
          lang={language}
          value={text.title}
          maxLength={200}
          readOnly={translating}
          onChange={(e) => setText('title', e.target.value)}
          className={input}
        />
      </Field>
      <Field
        id="article-excerpt"
        label={t('admin.form.excerptLabel')}
        required={!page}
        hint={page ? t('admin.pages.excerptHint') : undefined}
        error={errors.excerpt}
      >
        <textarea
          {...fieldAria('article-excerpt', { hint: page, error: errors.excerpt })}
          name="excerpt"
          rows={2}
          maxLength={500}
          lang={language}
          value={text.excerpt}
          readOnly={translating}
          onChange={(e) => setText('excerpt', e.target.value)}
          className={input}
        />
      </Field>
      {!page && (
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
            value={shownCategory}
            onChange={(e) => {
              setTyped(e.target.value);
              setCategory(meant(e.target.value));
            }}
            className={input}
          />
          <datalist id="article-category-options">
            {categories.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
        </Field>
      )}
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
          lang={language}
          value={text.content}
          readOnly={translating}
          onChange={(e) => setText('content', e.target.value)}
          className={`${input} font-mono text-[13px] leading-relaxed`}
        />
      </Field>
    </>
  );
}
