import type { ImgHTMLAttributes } from 'react';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import { responsiveImage } from '#shared/media';
import { markdownBodyClass } from './markdown-body';

/**
 * The one markdown renderer of the product: the public article page and the
 * admin's live preview both use it, so a preview looks exactly like the page.
 * Single line breaks are kept (remark-breaks), links open in a new tab, raw
 * HTML is shown as text, and only http, https, irc, ircs, mailto and xmpp links
 * survive (react-markdown's default URL transform allows exactly those).
 */

/** Raw HTML in the source becomes plain text instead of being dropped or rendered. */
export function remarkHtmlAsText() {
  return (tree: MdNode) => {
    const visit = (node: MdNode) => {
      if (node.type === 'html') node.type = 'text';
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}
type MdNode = { type: string; children?: MdNode[] };

const components: Components = {
  h1: ({ node: _n, ...p }) => <h2 className="mt-8 mb-4 text-3xl font-bold tracking-tight" {...p} />,
  h2: ({ node: _n, ...p }) => <h2 className="mt-8 mb-3 text-2xl font-bold tracking-tight" {...p} />,
  h3: ({ node: _n, ...p }) => <h3 className="mt-6 mb-3 text-xl font-semibold" {...p} />,
  h4: ({ node: _n, ...p }) => <h4 className="mt-5 mb-2 text-lg font-semibold" {...p} />,
  p: ({ node: _n, ...p }) => <p className="my-4 leading-relaxed" {...p} />,
  // A link whose address was dropped (javascript:, data:…) stays as its text, not a dead link.
  a: ({ node: _n, href, ...p }) =>
    !href ? (
      <span {...p} />
    ) : (
      <a
        href={href}
        className="font-medium text-sky-700 underline underline-offset-2 hover:text-sky-900"
        target="_blank"
        rel="noopener noreferrer"
        {...p}
      />
    ),
  ul: ({ node: _n, ...p }) => <ul className="my-4 list-disc space-y-1 pl-6" {...p} />,
  ol: ({ node: _n, ...p }) => <ol className="my-4 list-decimal space-y-1 pl-6" {...p} />,
  blockquote: ({ node: _n, ...p }) => (
    <blockquote className="my-4 border-l-4 border-slate-300 pl-4 text-slate-600 italic" {...p} />
  ),
  code: ({ node: _n, ...p }) => (
    <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em]" {...p} />
  ),
  // A block's code keeps the block's dark ground and light text: the inline look (a light
  // ground, no colour of its own) inside it made light text on light grey, unreadable.
  pre: ({ node: _n, ...p }) => (
    <pre
      className="my-4 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100 [&>code]:rounded-none [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-inherit"
      {...p}
    />
  ),
  img: ({ node: _n, alt, src, ...p }) => <BodyImage alt={alt ?? ''} src={src} {...p} />,
  hr: () => <hr className="my-8 border-slate-200" />,
  table: ({ node: _n, ...p }) => (
    <div className="my-4 overflow-x-auto">
      <table className="w-full border-collapse text-sm" {...p} />
    </div>
  ),
  th: ({ node: _n, ...p }) => <th className="border border-slate-200 px-3 py-2 text-left" {...p} />,
  td: ({ node: _n, ...p }) => <td className="border border-slate-200 px-3 py-2" {...p} />,
};

/** A body image is at most the article's column wide (ArticleView). */
const BODY_IMAGE_SIZES = '(min-width: 48rem) 48rem, 100vw';

/**
 * A picture of the body. Below the fold: fetched as the reader gets near it.
 * One of the site's own uploads (`/media/…-WxH`) is its `<picture>` of AVIF
 * and WebP copies with its width and height, so a phone fetches a copy of
 * its width and the text below keeps its place while it loads; any other
 * image is shown as it is.
 */
function BodyImage({ src, alt, ...p }: ImgHTMLAttributes<HTMLImageElement>) {
  const upload = typeof src === 'string' ? responsiveImage(src) : null;
  const img = (
    <img
      className="my-4 rounded-lg"
      loading="lazy"
      decoding="async"
      alt={alt}
      src={src}
      {...p}
      {...(upload && { width: upload.width, height: upload.height })}
    />
  );
  if (!upload) return img;
  return (
    <picture>
      {upload.sources.map(({ type, srcset }) => (
        <source key={type} type={type} srcSet={srcset} sizes={BODY_IMAGE_SIZES} />
      ))}
      {img}
    </picture>
  );
}

export function MarkdownContent({ source, className }: { source: string; className?: string }) {
  return (
    <div data-markdown-body="" className={markdownBodyClass(className)}>
      <Markdown
        remarkPlugins={[remarkBreaks, remarkHtmlAsText]}
        urlTransform={defaultUrlTransform}
        components={components}
      >
        {source}
      </Markdown>
    </div>
  );
}
