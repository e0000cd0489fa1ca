import { CalendarDays } from 'lucide-react';
import { formatDate } from '#shared/dates';
import { MarkdownContent } from '../markdown';
import { CategoryBadge } from './CategoryBadge';
import { NewsImage } from './NewsImage';

type Props = {
  category: string;
  title: string;
  excerpt: string;
  content: string;
  /** Shown only when given: a stored article's address, or a draft's once it is a usable one (the default image if it fails to load). */
  imageUrl: string | null;
  /** The date the page shows (ISO): published, else created; today for a draft not yet saved. */
  date: string;
  /** The title's heading level: `h1` on the article page, lower inside the admin's preview. */
  titleAs?: 'h1' | 'h4';
};

/**
 * An article as visitors read it: category, date, title, excerpt, image and the
 * markdown body. The public article page and the admin's live preview both
 * render this, so the preview is the page.
 */
export function ArticleView({ category, title, excerpt, content, imageUrl, date, titleAs }: Props) {
  const Title = titleAs ?? 'h1';
  return (
    <>
      <header>
        <div className="flex flex-wrap items-center gap-3 text-sm text-steel-600">
          {category && <CategoryBadge category={category} />}
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden="true" className="size-4" />
            <time dateTime={date}>{formatDate(date)}</time>
          </span>
        </div>
        <Title className="mt-5 font-display text-3xl font-bold tracking-tight text-balance text-navy-900 sm:text-5xl">
          {title}
        </Title>
        <p className="mt-5 text-xl leading-relaxed text-steel-600">{excerpt}</p>
      </header>
      {imageUrl && (
        <NewsImage
          src={imageUrl}
          width={1200}
          height={630}
          className="mt-10 aspect-[1200/630] w-full rounded-xl bg-navy-100 object-cover"
        />
      )}
      <MarkdownContent source={content} className="mt-10 text-lg text-navy-800" />
    </>
  );
}
