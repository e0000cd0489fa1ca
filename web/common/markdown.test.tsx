// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MarkdownContent } from './markdown';

afterEach(cleanup);

describe('MarkdownContent', () => {
  it('keeps single line breaks as line breaks', () => {
    const { container } = render(<MarkdownContent source={'first line\nsecond line'} />);
    expect(container.querySelectorAll('p br')).toHaveLength(1);
  });

  it('opens links in a new tab without leaking the opener', () => {
    const { getByRole } = render(<MarkdownContent source="[site](https://example.com)" />);
    const link = getByRole('link', { name: 'site' });
    expect(link.getAttribute('href')).toBe('https://example.com');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows raw HTML as text instead of rendering it', () => {
    const { container } = render(
      <MarkdownContent source={'Hello <b>bold</b> <script>x()</script>'} />,
    );
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('<b>bold</b>');
  });

  it.each([
    'http://a.example',
    'https://a.example',
    'mailto:a@b.example',
    'irc://irc.example',
    'ircs://irc.example:6697/channel',
    'xmpp:me@x.example',
  ])('allows %s links', (url) => {
    const { getByRole } = render(<MarkdownContent source={`[go](${url})`} />);
    expect(getByRole('link', { name: 'go' }).getAttribute('href')).toBe(url);
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'vbscript:x'])('drops %s links', (url) => {
    const { container } = render(<MarkdownContent source={`[go](${url})`} />);
    expect(container.querySelector('a')?.getAttribute('href') ?? '').toBe('');
  });

  it('shows one of the site’s uploads as a picture of its copies, at its own size', () => {
    const upload = '/media/12/3f9a0c1d2e4b5a69-2400x1800.jpg';
    const { container } = render(<MarkdownContent source={`![A robot cell](${upload})`} />);
    const widths = (ext: string) =>
      [480, 960, 1600, 2400].map((w) => `/media/12/3f9a0c1d2e4b5a69-${w}w.${ext} ${w}w`).join(', ');
    const sources = [...container.querySelectorAll('picture > source')].map((s) => ({
      type: s.getAttribute('type'),
      srcset: s.getAttribute('srcset'),
      sizes: s.getAttribute('sizes'),
    }));
    const sizes = '(min-width: 48rem) 48rem, 100vw';
    expect(sources).toEqual([
      { type: 'image/avif', srcset: widths('avif'), sizes },
      { type: 'image/webp', srcset: widths('webp'), sizes },
    ]);
    const img = container.querySelector('picture > img')!;
    expect(img.getAttribute('src')).toBe(upload);
    expect(img.getAttribute('alt')).toBe('A robot cell');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['2400', '1800']);
    expect([img.getAttribute('loading'), img.getAttribute('decoding')]).toEqual(['lazy', 'async']);
  });

  it('shows an image from elsewhere as it is, fetched late', () => {
    const { container } = render(<MarkdownContent source="![](https://cdn.example/a.png)" />);
    expect(container.querySelector('picture')).toBeNull();
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://cdn.example/a.png');
    expect(img.hasAttribute('width')).toBe(false);
    expect([img.getAttribute('loading'), img.getAttribute('decoding')]).toEqual(['lazy', 'async']);
  });
});
