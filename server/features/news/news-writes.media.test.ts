import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '#shared/media';
import { makeImage } from '../../../tests/support/images';
import { makePdf } from '../../../tests/support/media-files';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';

/**
 * Saves of articles and pages, and restores of their revisions, refuse an
 * upload deleted from the media library (real app, SQLite): the library
 * showed it as unused while a form not saved yet (or an old revision) still
 * pointed at it, and the page would have shown a broken picture or link.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let kept: MediaItem;
let gone: MediaItem;
let goneSheet: MediaItem;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app);
  const upload = async (bytes: Buffer, name: string) =>
    (await admin.post('/api/media').attach('file', bytes, name).expect(201)).body.data as MediaItem;
  kept = await upload(await makeImage('jpeg'), 'kept.jpg');
  gone = await upload(await makeImage('png'), 'gone.png');
  goneSheet = await upload(makePdf(), 'sheet.pdf');
  // Nothing saved uses them yet: a colleague deletes them from the library.
  await admin.delete(`/api/media/${gone.id}`).expect(200);
  await admin.delete(`/api/media/${goneSheet.id}`).expect(200);
});
afterAll(() => t.destroy());

const article = (slug: string, extra: Record<string, unknown> = {}) => ({
  title: `Story ${slug}`,
  excerpt: 'An excerpt',
  content: `The cell at work: ![cell](${kept.url})`,
  category: 'robotics',
  slug,
  published: true,
  image_url: kept.url,
  ...extra,
});

const IMAGE_GONE =
  'This image was deleted from the media library. Choose another image or leave the field empty.';
const SOCIAL_GONE =
  'The social image was deleted from the media library. Choose another image or leave the field empty.';
const contentGone = (address: string) =>
  `The content shows or links a file that was deleted from the media library (${address}). Remove it or choose another file.`;

const count = async () => Number((await t.db('news').count({ n: '*' }).first())?.n);

describe('a save naming a deleted upload', () => {
  it('is refused on create, at the field that names it, and nothing is stored', async () => {
    const before = await count();
    const image = await admin
      .post('/api/news')
      .send(article('dead-image', { image_url: gone.url }))
      .expect(400);
    expect(image.body).toEqual({ error: IMAGE_GONE, details: { image_url: IMAGE_GONE } });

    const social = await admin
      .post('/api/news')
      .send(article('dead-social', { social_image: gone.url }))
      .expect(400);
    expect(social.body.details).toEqual({ social_image: SOCIAL_GONE });

    const text = await admin
      .post('/api/news')
      .send(
        article('dead-text', {
          translations: {
            pt: {
              title: 'Célula',
              excerpt: 'Resumo',
              content: `Veja ![célula](${gone.url}) e a [ficha](${goneSheet.url}).`,
              social_image: gone.url,
            },
          },
        }),
      )
      .expect(400);
    expect(text.body.details).toEqual({
      'translations.pt.content': contentGone(gone.url),
      'translations.pt.social_image': SOCIAL_GONE,
    });
    expect(await count()).toBe(before);
  });

  it('is refused on update, in the language asked for, and the stored article stays', async () => {
    const { id } = (await admin.post('/api/news').send(article('live-story')).expect(201)).body
      .data;
    const de = await admin
      .put(`/api/news/${id}?lang=de`)
      .send({ content: `Datenblatt: [PDF](${goneSheet.url})` })
      .expect(400);
    expect(de.body.details).toEqual({
      content: `Der Inhalt zeigt oder verlinkt eine Datei, die aus der Mediathek gelöscht wurde (${goneSheet.url}). Entfernen Sie sie oder wählen Sie eine andere Datei.`,
    });
    const pt = await admin.put(`/api/news/${id}?lang=pt`).send({ image_url: gone.url }).expect(400);
    expect(pt.body.details).toEqual({
      image_url:
        'Esta imagem foi eliminada da biblioteca de multimédia. Escolha outra imagem ou deixe o campo vazio.',
    });
    const stored = (await admin.get('/api/news/live-story').expect(200)).body.data.news;
    expect(stored).toMatchObject({ image_url: kept.url, content: article('x').content });
    // Uploads that exist (and addresses that are not uploads) are saved as before; so is
    // another site's file, though its address is shaped like the deleted upload's.
    await admin
      .put(`/api/news/${id}`)
      .send({
        content: `![a](${kept.url}) and ![b](https://cdn.example.com/media/9/x.jpg) and ![c](https://other.example${gone.url})`,
      })
      .expect(200);
  });

  it('is refused for pages too', async () => {
    const page = { title: 'Careers', content: 'We hire.', slug: 'careers', published: true };
    await admin
      .post('/api/pages')
      .send({ ...page, image_url: gone.url })
      .expect(400);
    const { id } = (await admin.post('/api/pages').send(page).expect(201)).body.data;
    const res = await admin
      .put(`/api/pages/${id}`)
      .send({ content: `![team](${gone.url})` })
      .expect(400);
    expect(res.body.details).toEqual({ content: contentGone(gone.url) });
  });
});

describe('restoring a revision that shows a deleted upload', () => {
  it('is refused with the field and the address, and the text stays as it is', async () => {
    const photo = (
      await admin
        .post('/api/media')
        .attach('file', await makeImage('webp'), 'old.webp')
        .expect(201)
    ).body.data as MediaItem;
    const { id } = (
      await admin
        .post('/api/news')
        .send(article('restored', { content: `Old: ![old](${photo.url})` }))
        .expect(201)
    ).body.data;
    await admin.put(`/api/news/${id}`).send({ content: 'New text, no picture.' }).expect(200);
    // The saved article no longer shows it: the library lets it go.
    await admin.delete(`/api/media/${photo.id}`).expect(200);
    const revisions = (await admin.get(`/api/news/${id}/revisions`).expect(200)).body.data as {
      id: number;
      content: string;
    }[];
    const old = revisions.find((r) => r.content.includes(photo.url))!;
    const res = await admin.post(`/api/news/${id}/revisions/${old.id}/restore`).expect(400);
    expect(res.body).toEqual({
      error: contentGone(photo.url),
      details: { content: contentGone(photo.url) },
    });
    const stored = (await admin.get('/api/news/restored').expect(200)).body.data.news;
    expect(stored.content).toBe('New text, no picture.');
  });
});
