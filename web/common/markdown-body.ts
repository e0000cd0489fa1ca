import type { ReactNode } from 'react';

/** What renders an article's markdown body (see ArticleView). */
export type MarkdownBody = (props: { source: string; className?: string }) => ReactNode;

/**
 * The classes of the element that holds a rendered body, wherever it was
 * rendered (a module of its own, so using it does not pull in the renderer).
 */
export const markdownBodyClass = (className?: string) =>
  ['markdown-body break-words', className].filter(Boolean).join(' ');
