import { useTranslation } from 'react-i18next';
import { NEWS_CATEGORIES } from '#shared/news';

/** Category label: the catalogue's name for known categories, the raw text otherwise. */
export function useCategoryLabel() {
  const { t } = useTranslation();
  return (category: string) =>
    (NEWS_CATEGORIES as readonly string[]).includes(category)
      ? t(`news.categories.${category}`)
      : category;
}

export function CategoryBadge({ category }: { category: string }) {
  const label = useCategoryLabel();
  return (
    <span className="inline-flex items-center rounded-full bg-signal-100 px-3 py-1 text-xs font-semibold tracking-wide text-signal-700 uppercase">
      {label(category)}
    </span>
  );
}
