// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HeroMedia, MediaItem, MediaLimits } from '#shared/media';
import { toast } from '../../../../common/toast';
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

describe('MediaManager: the hero', () => {
  const clip: MediaItem = {
    ...photo,
    id: 2,
    url: '/media/2/0123456789abcdef-320x240.mp4',
    type: 'video/mp4',
    width: 320,
    height: 240,
    poster_url: '/media/2/fedcba9876543210-320x240.jpg',
    name: 'line.mp4',
  };
  const chosenClip = {
    id: clip.id,
    url: clip.url,
    type: 'video/mp4' as const,
    width: 320,
    height: 240,
    poster_url: clip.poster_url,
  };

  /** A server whose hero a colleague may change behind this page's back; it records each PUT. */
  function heroServer(initial: HeroMedia) {
    const server = { hero: initial, sent: [] as unknown[] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.startsWith('/api/media/hero') && init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as Record<string, number | null>;
          server.sent.push(body);
          if ('poster_id' in body)
            server.hero = {
              ...server.hero,
              poster:
                body.poster_id === 1 ? { id: 1, url: photo.url, width: 800, height: 600 } : null,
            };
          if ('video_id' in body)
            server.hero = { ...server.hero, video: body.video_id === 2 ? chosenClip : null };
          return answer(200, { data: server.hero });
        }
        if (url.startsWith('/api/media/hero')) return answer(200, { data: server.hero });
        if (url.startsWith('/api/media/limits')) return answer(200, { data: limits });
        return answer(200, { data: [photo, clip] }, { 'X-Total-Count': '2' });
      }),
    );
    return server;
  }

  it('sends only the still chosen, and shows the video a colleague chose meanwhile', async () => {
    const server = heroServer(hero);
    renderAdmin(<MediaManager siteLinks={false} />);
    const useStill = await screen.findByRole('button', { name: 'Use as hero still: photo-1.jpg' });
    // A colleague chooses the video after this page read the hero.
    server.hero = { video: chosenClip, poster: null };
    fireEvent.click(useStill);
    await waitFor(() => expect(server.sent).toEqual([{ poster_id: 1 }]));
    const panel = screen.getByRole('region', { name: 'Home page hero' });
    await waitFor(() => expect(panel.textContent).toContain('line.mp4'));
    expect(panel.textContent).toContain('photo-1.jpg');
  });

  it('sends only the video chosen, and only the part going back to the site’s own', async () => {
    const server = heroServer({
      video: null,
      poster: { id: 1, url: photo.url, width: 800, height: 600 },
    });
    renderAdmin(<MediaManager siteLinks={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use as hero video: line.mp4' }));
    await waitFor(() => expect(server.sent).toEqual([{ video_id: 2 }]));
    fireEvent.click(await screen.findByRole('button', { name: "Use the site's own video" }));
    await waitFor(() => expect(server.sent).toEqual([{ video_id: 2 }, { video_id: null }]));
    fireEvent.click(await screen.findByRole('button', { name: "Use the video's still" }));
    await waitFor(() =>
      expect(server.sent).toEqual([{ video_id: 2 }, { video_id: null }, { poster_id: null }]),
    );
  });
});

describe('MediaManager: copying', () => {
  const clip: MediaItem = {
    ...photo,
    id: 3,
    url: '/media/3/0123456789abcdef-1280x720.mp4',
    type: 'video/mp4',
    width: 1280,
    height: 720,
    poster_url: '/media/3/fedcba9876543210-1280x720.jpg',
    name: 'Welding [cell] tour.mp4',
  };

  it("copies a video as a Markdown link to it, and says that readers get a link, in the admin's language", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/media/hero')) return answer(200, { data: hero });
        if (url.startsWith('/api/media/limits')) return answer(200, { data: limits });
        return answer(200, { data: [clip, photo] }, { 'X-Total-Count': '2' });
      }),
    );
    renderAdmin(<MediaManager siteLinks={false} />, { language: 'pt' });
    fireEvent.click(
      await screen.findByRole('button', { name: `Copiar ligação Markdown: ${clip.name}` }),
    );
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`[Welding cell tour.mp4](${clip.url})`),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Ligação Markdown copiada. Cole-a no texto de um artigo ou de uma página: os leitores veem uma ligação que abre o vídeo.',
      ),
    );
    // A picture is still copied as its address, for an image field.
    fireEvent.click(screen.getByRole('button', { name: `Copiar endereço: ${photo.name}` }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(photo.url));
  });
});
