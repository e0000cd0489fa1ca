// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NEWS_IMAGE } from '#shared/news';
import { NewsImage } from './NewsImage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const src = (container: HTMLElement) => container.querySelector('img')!.getAttribute('src');

describe('NewsImage', () => {
  it('shows the article’s own image, and the default one when it has none', () => {
    expect(src(render(<NewsImage src="https://cdn.example/a.jpg" />).container)).toBe(
      'https://cdn.example/a.jpg',
    );
    cleanup();
    expect(src(render(<NewsImage src={null} />).container)).toBe(DEFAULT_NEWS_IMAGE);
  });

  it('falls back to the default image when its own fails to load, and says so once', () => {
    const onBroken = vi.fn();
    const { container } = render(
      <NewsImage src="https://dead.example/a.jpg" onBroken={onBroken} alt="" />,
    );
    fireEvent.error(container.querySelector('img')!);
    expect(src(container)).toBe(DEFAULT_NEWS_IMAGE);
    // The default image failing too must not loop.
    fireEvent.error(container.querySelector('img')!);
    expect(src(container)).toBe(DEFAULT_NEWS_IMAGE);
    expect(onBroken).toHaveBeenCalledOnce();
  });

  it('catches an image that already failed before hydration (no error event to hear)', () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(0);
    const { container } = render(<NewsImage src="https://dead.example/b.jpg" />);
    expect(src(container)).toBe(DEFAULT_NEWS_IMAGE);
  });

  it('keeps an image that loaded before hydration', () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(1200);
    const { container } = render(<NewsImage src="https://cdn.example/c.jpg" />);
    expect(src(container)).toBe('https://cdn.example/c.jpg');
  });

  it('tries a new address again after an old one failed', () => {
    const { container, rerender } = render(<NewsImage src="https://dead.example/a.jpg" />);
    fireEvent.error(container.querySelector('img')!);
    rerender(<NewsImage src="https://cdn.example/fixed.jpg" />);
    expect(src(container)).toBe('https://cdn.example/fixed.jpg');
  });

  it('shows an upload as a picture of AVIF and WebP copies, at its own size', () => {
    const upload = '/media/12/3f9a0c1d2e4b5a69-1200x800.png';
    const { container } = render(
      <NewsImage src={upload} width={1200} height={630} sizes="50vw" alt="A robot arm" />,
    );
    const sources = [...container.querySelectorAll('picture > source')].map((s) => ({
      type: s.getAttribute('type'),
      srcset: s.getAttribute('srcset'),
      sizes: s.getAttribute('sizes'),
    }));
    const widths = (ext: string) =>
      [480, 960, 1200].map((w) => `/media/12/3f9a0c1d2e4b5a69-${w}w.${ext} ${w}w`).join(', ');
    expect(sources).toEqual([
      { type: 'image/avif', srcset: widths('avif'), sizes: '50vw' },
      { type: 'image/webp', srcset: widths('webp'), sizes: '50vw' },
    ]);
    const img = container.querySelector('picture > img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '800']);
    expect(img.getAttribute('alt')).toBe('A robot arm');
    expect(src(container)).toBe(upload);
  });

  it('shows the default picture from its own AVIF and WebP copies, the JPEG as the fallback', () => {
    const { container } = render(<NewsImage src={null} sizes="50vw" />);
    const sources = [...container.querySelectorAll('picture > source')].map((s) => [
      s.getAttribute('type'),
      s.getAttribute('srcset'),
    ]);
    const widths = (ext: string) =>
      [480, 960, 1200].map((w) => `/media/news-default-${w}w.${ext} ${w}w`).join(', ');
    expect(sources).toEqual([
      ['image/avif', widths('avif')],
      ['image/webp', widths('webp')],
    ]);
    const img = container.querySelector('picture > img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '630']);
    expect(src(container)).toBe(DEFAULT_NEWS_IMAGE);
  });

  it('shows an image from elsewhere as a plain img', () => {
    const { container } = render(<NewsImage src="https://cdn.example/a.jpg" />);
    expect(container.querySelector('picture')).toBeNull();
  });
});
