import type { Language } from '#shared/languages';
import type { MarkdownBody } from '../markdown-body';
import { ArticleMeta } from './ArticleMeta';
import { NewsImage } from './NewsImage';

type Props = {
  category: string;
  title: string;
  excerpt: string;
  content: string;
  /** Shown only when given: a stored article's address, or a draft's once it is a usable one (the default image if it fails to load). */
  imageUrl: string | null;
  /** The image's description in the shown language (empty: decorative). */
  imageAlt?: string | null;
  /**
   * The language of `imageAlt` when known (a translation without its own
   * borrows the source language's): the picture is marked with it, else with `language`.
   */
  imageAltLanguage?: Language | null;
  /** The date the page shows (ISO): published, else created; today for a draft not yet saved. */
  date: string;
  /** The title's heading level: `h1` on the article page, lower inside the admin's preview. */
  titleAs?: 'h1' | 'h4';
  /**
   * The language of title, excerpt and body, marked with `lang` so screen
   * readers switch voice (it may differ from the page's: an untranslated article).
   */
  language?: Language;
  /**
   * Every language the article exists in: with `language`, the line above
   * the title says so when the page's language is missing (the source text stands in).
   */
  languages?: readonly Language[];
  /**
   * Renders the markdown body: the markdown renderer itself in the admin and
   * on the server; on the public page in the browser, the server's own HTML
   * (see HydratedMarkdown), so the renderer is not part of the page's code.
   */
  Body: MarkdownBody;
  /**
   * The picture is the page's largest element, shown at once (the public
   * page, not the admin’s preview): fetched first (LCP).
   */
  priority?: boolean;
};

/**
 * An article as visitors read it: category, date, title, excerpt, image and the
 * markdown body. The public article page and the admin's live preview both
 * render this, so the preview is the page.
 */
export function ArticleView(props: Props) {
  const { category, title, excerpt, content, imageUrl, imageAlt, date, titleAs } = props;
  const { language, languages, imageAltLanguage, Body, priority } = props;
  const Title = titleAs ?? 'h1';
  return (
    <>
      <header>
        <ArticleMeta
          category={category}
          date={date}
          text={language && languages ? { language, languages } : undefined}
        />
        <Title
          lang={language}
          className="mt-5 font-display text-3xl font-bold tracking-tight text-balance text-navy-900 sm:text-5xl"
        >
          {title}
        </Title>
        <p lang={language} className="mt-5 text-xl leading-relaxed text-steel-600">
          {excerpt}
        </p>
      </header>
      {imageUrl && (
        <NewsImage
          src={imageUrl}
          alt={imageAlt ?? ''}
          lang={imageAlt ? (imageAltLanguage ?? language) : undefined}
          width={1200}
          height={630}
          sizes="(min-width: 48rem) 48rem, 100vw"
          fetchPriority={priority ? 'high' : undefined}
          className="mt-10 aspect-[1200/630] w-full rounded-xl bg-navy-100 object-cover"
        />
      )}
      <div lang={language}>
        <Body source={content} className="mt-10 text-lg text-navy-800" />
      </div>
    </>
  );
}
