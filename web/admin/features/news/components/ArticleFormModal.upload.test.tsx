// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '#shared/media';
import { anArticle } from '../../../test/article';
import { held, json, stubModelApi, type ApiCall } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { draftFromArticle } from '../lib/article-draft';
import { ArticleFormModal } from './ArticleFormModal';

afterEach(cleanup);
quietToasts();

const article = anArticle();

const photo: MediaItem = {
  id: 3,
  url: '/media/3/photo-1200x800.jpg',
  width: 1200,
  height: 800,
  type: 'image/jpeg',
  poster_url: null,
  name: 'photo.jpg',
  bytes: 1000,
  created_at: '2025-03-01T10:00:00.000Z',
  used_by: [],
};

const WAITS = 'Uploading the picture – you can save once it is in.';

/** The form on `article`, each upload held until `upload` is released. */
function openUploading() {
  const upload = held<Response>();
  const calls = stubModelApi(({ method, url }) =>
    url === '/api/media' && method === 'POST'
      ? upload.promise
      : method === 'PUT'
        ? json(200, { data: article })
        : undefined,
  );
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderAdmin(
    <ArticleFormModal
      mode={{ kind: 'edit', article, draft: draftFromArticle(article) }}
      categories={[]}
      onClose={onClose}
      onSaved={onSaved}
    />,
  );
  return { upload, calls, onClose, onSaved };
}

/** Picks a photo with the picker named `pick` ("Upload a social image" for the social image). */
async function pickPhoto(pick = 'Upload an image') {
  const input = screen.getByLabelText(pick) as HTMLInputElement;
  const zone = input.closest('[data-testid="image-drop-zone"]')!;
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });
  fireEvent.change(input, { target: { files: [file] } });
  await waitFor(() => expect(zone.textContent).toContain('Uploading...'));
}

const saveButton = () => screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
const saves = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT');

describe('ArticleFormModal while a picture uploads', () => {
  it('holds Save until the picture is in, saying why, then saves it with the article', async () => {
    const { upload, calls, onSaved } = openUploading();
    await pickPhoto();

    expect(saveButton().disabled).toBe(true);
    const why = screen.getByText(WAITS);
    expect(saveButton().getAttribute('aria-describedby')).toBe(why.id);
    // Enter in a field submits the form: it waits too.
    fireEvent.submit(saveButton().form!);
    expect(saves(calls)).toEqual([]);

    upload.release(json(201, { data: photo }));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(screen.queryByText(WAITS)).toBeNull();
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(saves(calls)[0]!.body).toMatchObject({ image_url: photo.url });
  });

  it('holds Save for the social image’s upload too', async () => {
    const { upload, calls, onSaved } = openUploading();
    await pickPhoto('Upload a social image');
    expect(saveButton().disabled).toBe(true);
    upload.release(json(201, { data: photo }));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(saves(calls)[0]!.body).toMatchObject({ social_image: photo.url, image_url: null });
  });

  it('asks before Cancel drops an upload on its way', async () => {
    const { onClose } = openUploading();
    await pickPhoto();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('alertdialog', { name: 'Please confirm' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
