// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MarkdownBody } from '../markdown-body';
import { ArticleView } from './ArticleView';
import { PageView } from './PageView';

afterEach(cleanup);

const Body: MarkdownBody = ({ source, className }) => <div className={className}>{source}</div>;
const picture = (container: HTMLElement) => container.querySelector('img')!;

/**
 * The picture's text alternative is read in its own language: a translation
 * without one of its own shows the source language's, marked with that
 * language, not the page's.
 */
describe('the picture of an article or page', () => {
  const common = {
    title: 'Roboterzelle',
    excerpt: 'Kurz',
    content: 'Text',
    imageUrl: 'https://cdn.example/cell.jpg',
    language: 'de' as const,
    languages: ['en', 'de'] as const,
    Body,
  };

  it('marks a borrowed text alternative with the source language', () => {
    const { container } = render(
      <ArticleView
        {...common}
        category="robotics"
        date="2026-01-02T00:00:00.000Z"
        imageAlt="A robot welding a frame"
        imageAltLanguage="en"
      />,
    );
    expect(picture(container).getAttribute('alt')).toBe('A robot welding a frame');
    expect(picture(container).getAttribute('lang')).toBe('en');
    cleanup();
    const page = render(
      <PageView {...common} imageAlt="A robot welding a frame" imageAltLanguage="en" />,
    );
    expect(picture(page.container).getAttribute('lang')).toBe('en');
  });

  it('marks its own text alternative with the text’s language, and a decorative one with none', () => {
    const own = render(
      <ArticleView
        {...common}
        category="robotics"
        date="2026-01-02T00:00:00.000Z"
        imageAlt="Ein Roboter schweißt einen Rahmen"
        imageAltLanguage="de"
      />,
    );
    expect(picture(own.container).getAttribute('lang')).toBe('de');
    cleanup();
    const decorative = render(<PageView {...common} imageAlt={null} />);
    expect(picture(decorative.container).getAttribute('alt')).toBe('');
    expect(picture(decorative.container).hasAttribute('lang')).toBe(false);
  });

  it('is fetched first only when it is the page’s main picture, not in the admin’s preview', () => {
    const article = { ...common, category: 'robotics', date: '2026-01-02T00:00:00.000Z' };
    const shown = render(<ArticleView {...article} priority />);
    expect(picture(shown.container).getAttribute('fetchpriority')).toBe('high');
    cleanup();
    const preview = render(<ArticleView {...article} />);
    expect(picture(preview.container).hasAttribute('fetchpriority')).toBe(false);
    cleanup();
    expect(
      picture(render(<PageView {...common} priority />).container).getAttribute('fetchpriority'),
    ).toBe('high');
  });
});
