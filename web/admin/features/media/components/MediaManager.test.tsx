// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HeroMedia, MediaItem, MediaLimits } from '#shared/media';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { MediaManager } from './MediaManager';

quietToasts();

const photo: MediaItem = {
  id: 1,
  url: '/media/1/0123456789abcdef-800x600.jpg',
  width: 800,
  height: 600,
  type: 'image/jpeg',
  poster_url: null,
  name: 'photo-1.jpg',
  bytes: 1000,
  created_at: '2026-11-20T10:00:00.000Z',
  used_by: [],
};
const hero: HeroMedia = { video: null, poster: null };
const limits: MediaLimits = { image: 10_000_000, document: 10_000_000, video: 100_000_000 };

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

describe('MediaManager', () => {
  it('says the list could not be loaded, in red with Try again, rather than that it is empty', async () => {
    let failing = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/media/hero')) return answer(200, { data: hero });
        if (url.startsWith('/api/media/limits')) return answer(200, { data: limits });
        return failing
          ? answer(500, { error: 'Down' })
          : answer(200, { data: [photo] }, { 'X-Total-Count': '1' });
      }),
    );
    renderAdmin(<MediaManager siteLinks={false} />);
    const problem = await screen.findByText('Failed to load data');
    expect(problem.className).toContain('text-red-800');
    expect(screen.queryByText('Nothing has been uploaded yet.')).toBeNull();

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 of 1 file')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Failed to load data')).toBeNull());
  });
});
