import type { Language } from '#shared/languages';
import type { MarkdownBody } from '../markdown-body';
import { NewsImage } from './NewsImage';
import { UntranslatedNote } from './UntranslatedNote';

type Props = {
  title: string;
  /** Shown under the title when the page has one. */
  excerpt: string | null;
  content: string;
  imageUrl: string | null;
  imageAlt?: string | null;
  /** The language of `imageAlt` when known (see ArticleView). */
  imageAltLanguage?: Language | null;
  titleAs?: 'h1' | 'h4';
  /** The language of the text shown, and every language the page exists in (see ArticleView). */
  language?: Language;
  languages?: readonly Language[];
  Body: MarkdownBody;
  /**
   * The picture is the page's largest element, shown at once (the public
   * page, not the admin’s preview): fetched first (LCP).
   */
  priority?: boolean;
};

/**
 * A page as visitors read it (About us, Careers): title, optional excerpt and
 * image, the markdown body; no category or date, unlike an article. The
 * public page and the admin's live preview both render this.
 */
export function PageView(props: Props) {
  const { title, excerpt, content, imageUrl, imageAlt, imageAltLanguage, titleAs } = props;
  const { language, languages, Body, priority } = props;
  const Title = titleAs ?? 'h1';
  return (
    <>
      <header>
        {language && languages && (
          <div className="mb-4 empty:hidden">
            <UntranslatedNote article={{ language, languages }} />
          </div>
        )}
        <Title
          lang={language}
          className="font-display text-3xl font-bold tracking-tight text-balance text-navy-900 sm:text-5xl"
        >
          {title}
        </Title>
        {excerpt && (
          <p lang={language} className="mt-5 text-xl leading-relaxed text-steel-600">
            {excerpt}
          </p>
        )}
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
