import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '#shared/media';
import { makeImage } from '../../../tests/support/images';
import type { TestStore } from '../../../tests/support/stores';
import { createTestDb } from '../../../tests/support/test-app';
import { createContentVersion } from '../../content-version';
import { ConflictError } from '../../errors';
import { createLogger } from '../../logger';
import { createNewsService, type NewsService } from '../news/news.service';
import { createMediaStorage } from './media-storage';
import { createMediaService, type MediaService } from './media.service';

/**
 * What counts as a use of an upload (it is listed as used and cannot be
 * deleted): this site's addresses of it, a path (`/media/…`) or a full
 * address on PUBLIC_URL's origin. The same address on another site is
 * someone else's file that merely looks like ours. Real services, SQLite.
 */
const ORIGIN = 'https://www.example.com';

let store: TestStore;
let news: NewsService;
let media: MediaService;
beforeAll(async () => {
  store = await createTestDb();
  const content = createContentVersion();
  news = createNewsService({ db: store.db, content });
  media = createMediaService({
    db: store.db,
    storage: createMediaStorage('files', store.db, store.dataDir),
    news,
    logger: createLogger({ logLevel: 'silent' }),
    version: content,
    origin: ORIGIN,
  });
});
afterAll(() => store.destroy());

let n = 0;
async function upload(): Promise<MediaItem> {
  const bytes = await makeImage('jpeg');
  const file = path.join(store.dataDir, `upload-${++n}.jpg`);
  writeFileSync(file, bytes);
  const received = { path: file, name: `photo-${n}.jpg`, mimeType: 'image/jpeg' } as const;
  return media.upload({ ...received, type: 'image/jpeg', bytes: bytes.length });
}

const article = (slug: string, extra: Record<string, unknown>) =>
  news.create({
    title: `Story ${slug}`,
    excerpt: 'An excerpt',
    content: 'Text.',
    category: 'robotics',
    slug,
    published: true,
    ...extra,
  });

const usesOf = async (item: MediaItem) =>
  (await media.list()).find((m) => m.id === item.id)!.used_by;

describe('the uses of an upload', () => {
  it('are the articles that show it by its path or its full address on this site', async () => {
    const photo = await upload();
    await article('by-path', { image_url: photo.url });
    await article('by-address', { content: `See ![cell](${ORIGIN}${photo.url}).` });
    expect(await usesOf(photo)).toEqual([
      expect.objectContaining({ slug: 'by-path', as: ['image'] }),
      expect.objectContaining({ slug: 'by-address', as: ['content'] }),
    ]);
    await expect(media.remove(photo.id)).rejects.toBeInstanceOf(ConflictError);
  });

  it('leave out the same address on another site: it stays unused and can be deleted', async () => {
    const photo = await upload();
    await article('elsewhere', {
      image_url: `https://other.example${photo.url}`,
      content: [
        `![theirs](https://other.example${photo.url})`,
        `![theirs too](//cdn.other.example${photo.url})`,
        `[not the site's](http://www.example.com${photo.url})`,
        `[a shop's path](/shop${photo.url})`,
      ].join('\n\n'),
    });
    expect(await usesOf(photo)).toEqual([]);
    await expect(media.remove(photo.id)).resolves.toEqual({ id: photo.id });
  });
});
