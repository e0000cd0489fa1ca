import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPE, MEDIA_TYPES, VIDEO_TYPES, type UploadType } from '#shared/media';
import { uploadAccept } from '#shared/upload-names';
import { falseUploadClaim } from './upload-type';

const TYPES: UploadType[] = [...MEDIA_TYPES, ...VIDEO_TYPES, DOCUMENT_TYPE];

describe('what an upload claims to be', () => {
  it.each(TYPES)(
    'takes a %s under every name and extension the admin’s file pickers offer for it',
    (type) => {
      for (const name of uploadAccept([type]).split(',')) {
        if (name.startsWith('.')) expect(falseUploadClaim(`File${name}`, '', type)).toBeNull();
        else expect(falseUploadClaim('file', name, type)).toBeNull();
      }
    },
  );

  it('takes an .m4v sent as video/x-m4v as the MP4 it is, and nothing the pickers do not offer', () => {
    expect(falseUploadClaim('Line 3.M4V', 'video/x-m4v', 'video/mp4')).toBeNull();
    expect(falseUploadClaim('Line 3.mov', 'video/quicktime', 'video/mp4')).toBe('.mov');
    expect(falseUploadClaim('clip', 'video/quicktime', 'video/mp4')).toBe('video/quicktime');
    expect(falseUploadClaim('clip.webm', 'video/webm', 'video/mp4')).toBe('.webm');
    expect(falseUploadClaim('photo.jpeg', 'image/pjpeg; q=1', 'image/jpeg')).toBeNull();
    expect(falseUploadClaim('photo.jpg', 'image/png', 'image/jpeg')).toBe('image/png');
    expect(falseUploadClaim('sheet', 'application/octet-stream', DOCUMENT_TYPE)).toBeNull();
  });
});
