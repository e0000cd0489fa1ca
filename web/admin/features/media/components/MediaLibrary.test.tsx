// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_PAGE_SIZE, type MediaItem } from '#shared/media';
import { renderAdmin } from '../../../test/render';
import { MediaLibrary } from './MediaLibrary';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = (id: number): MediaItem => ({
  id,
  url: `/media/${id}/0123456789abcdef-800x600.jpg`,
  width: 800,
  height: 600,
  type: 'image/jpeg',
  poster_url: null,
  name: `photo-${id}.jpg`,
  bytes: 1000,
  created_at: '2026-11-20T10:00:00.000Z',
  used_by: [],
});

/** A library of `total` uploads, answered a page at a time with the total in X-Total-Count. */
function stubLibrary(total: number) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const query = new URL(url, 'http://admin.test').searchParams;
      const page = Number(query.get('page'));
      const size = Number(query.get('per_page'));
      const ids = Array.from({ length: total }, (_, i) => total - i).slice(
        (page - 1) * size,
        page * size,
      );
      return new Response(JSON.stringify({ data: ids.map(item) }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
      });
    }),
  );
  return calls;
}

describe('MediaLibrary', () => {
  it('loads a page at a time, shows how many of how many, and adds the next on demand', async () => {
    const total = MEDIA_PAGE_SIZE + 3;
    const calls = stubLibrary(total);
    renderAdmin(<MediaLibrary onPick={() => undefined} onClose={() => undefined} />);
    expect(await screen.findByText(`${MEDIA_PAGE_SIZE} of ${total} images`)).toBeTruthy();
    expect(screen.getAllByTestId('media-item')).toHaveLength(MEDIA_PAGE_SIZE);
    expect(calls).toEqual([`/api/media?page=1&per_page=${MEDIA_PAGE_SIZE}&kind=image`]);

    fireEvent.click(screen.getByRole('button', { name: 'Show more images' }));
    expect(await screen.findByText(`${total} of ${total} images`)).toBeTruthy();
    expect(screen.getAllByTestId('media-item')).toHaveLength(total);
    expect(calls.at(-1)).toBe(`/api/media?page=2&per_page=${MEDIA_PAGE_SIZE}&kind=image`);
    // Everything is shown: nothing more to ask for.
    expect(screen.queryByRole('button', { name: 'Show more images' })).toBeNull();
  });

  it('says the list could not be loaded, in red with Try again, rather than that it is empty', async () => {
    let failing = true;
    const calls = stubLibrary(2);
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (...args: Parameters<typeof fetch>) =>
      failing
        ? new Response(JSON.stringify({ error: 'Down' }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          })
        : answer(...args),
    );
    renderAdmin(<MediaLibrary onPick={() => undefined} onClose={() => undefined} />);
    const problem = await screen.findByText('Failed to load data');
    expect(problem.className).toContain('text-red-800');
    expect(screen.queryByText('Nothing has been uploaded yet.')).toBeNull();

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2 of 2 images')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Failed to load data')).toBeNull());
    expect(calls).toHaveLength(1);
  });
});
