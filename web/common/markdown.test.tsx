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
});
