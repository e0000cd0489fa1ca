import { CalendarDays } from 'lucide-react';
import { formatDate } from '#shared/dates';
import type { Language } from '#shared/languages';
import { CategoryBadge } from './CategoryBadge';
import { UntranslatedNote } from './UntranslatedNote';

type Props = {
  category: string;
  /** ISO date shown as day/month/year. */
  date: string;
  /** The language of the article's text and all it exists in: says so where the page's language is missing. */
  text?: { language: Language; languages: readonly Language[] };
  className?: string;
};

/** The line above an article's title, on its card and its page: category, date, untranslated note. */
export function ArticleMeta({ category, date, text, className = '' }: Props) {
  return (
    <div className={`flex flex-wrap items-center gap-3 text-sm text-steel-600 ${className}`}>
      {category && <CategoryBadge category={category} />}
      <span className="inline-flex items-center gap-1">
        <CalendarDays aria-hidden="true" className="size-4" />
        <time dateTime={date}>{formatDate(date)}</time>
      </span>
      {text && <UntranslatedNote article={text} />}
    </div>
  );
}
