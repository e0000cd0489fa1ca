import { lazy, Suspense, useState } from 'react';
import { markdownBodyClass } from '../../../common/markdown-body';

/** The markdown renderer, fetched only when the browser must render a body itself. */
const MarkdownContent = lazy(() =>
  import('../../../common/markdown').then((m) => ({ default: m.MarkdownContent })),
);

/** The body the server rendered into this page, read once before hydration replaces anything. */
let served: { source: string; html: string } | null | undefined;

function servedHtml(source: string): string | null {
  if (served === undefined) {
    const element = document.querySelector('[data-markdown-body]');
    served = element ? { source, html: element.innerHTML } : null;
  }
  return served?.source === source ? served.html : null;
}

/**
 * An article body in the browser. The article the page was opened on keeps
 * the HTML the server rendered from its markdown (the very same renderer, so
 * the same bytes), which saves the visitor the markdown renderer's code on
 * the first load; an article reached later (another link, another language)
 * is rendered here, once the renderer has arrived.
 */
export function HydratedMarkdown({ source, className }: { source: string; className?: string }) {
  const [html] = useState(() => servedHtml(source));
  if (html !== null && served?.source === source) {
    return (
      <div
        data-markdown-body=""
        className={markdownBodyClass(className)}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }
  return (
    <Suspense fallback={<div aria-busy="true" className={markdownBodyClass(className)} />}>
      <MarkdownContent source={source} className={className} />
    </Suspense>
  );
}
