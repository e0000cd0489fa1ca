import { useTranslation } from 'react-i18next';
import { categoryLabel } from '#shared/categories';

/**
 * An article's category: a known one (by key or by its label in any language)
 * with its label in the page's language, anything else as typed.
 */
export function CategoryBadge({ category }: { category: string }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center rounded-full bg-signal-100 px-3 py-1 text-xs font-semibold tracking-wide text-signal-700 uppercase">
      {categoryLabel(category, t)}
    </span>
  );
}
