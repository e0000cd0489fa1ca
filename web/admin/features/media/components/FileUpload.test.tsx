// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/llm-api';
import { renderAdmin } from '../../../test/render';
import { FileUpload } from './FileUpload';
import { ImageUpload } from './ImageUpload';

/** What a file picker offers, one name or extension at a time. */
const offered = (label: string) =>
  (screen.getByLabelText(label) as HTMLInputElement).accept.split(',');

describe('the file pickers of the media library', () => {
  it('offer every video the server takes, an .m4v too, whatever type the system gives it', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { data: { image: 1, document: 1, video: 1 } })),
    );
    renderAdmin(<FileUpload />);
    const accept = offered('Upload a file');
    expect(accept).toEqual(expect.arrayContaining(['video/mp4', 'video/webm', 'video/x-m4v']));
    expect(accept).toEqual(expect.arrayContaining(['.mp4', '.m4v', '.webm']));
    expect(accept).toEqual(expect.arrayContaining(['application/pdf', '.pdf']));
    expect(accept).toEqual(expect.arrayContaining(['image/jpeg', '.jpg', '.jpeg', '.jfif']));
    expect(accept).toEqual(expect.arrayContaining(['image/avif', '.avif']));
  });

  it('offer pictures only where a picture is wanted, under each of their names', () => {
    renderAdmin(<ImageUpload onImage={() => undefined} />);
    const accept = offered('Upload an image');
    expect(accept).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/jpg', '.jpg', '.jpeg', '.png', '.webp']),
    );
    expect(accept.filter((name) => /video|pdf|m4v|mp4|webm/.test(name))).toEqual([]);
  });
});
