import type { UploadType } from './media';

/*
 * The names an upload may go by: the file extensions the library takes each
 * type under and the other names browsers give a type. The server refuses a
 * file whose name or Content-Type says other than its content
 * (server/features/media/upload-type.ts); the admin's file pickers offer
 * exactly these (uploadAccept), so a file the server takes is never hidden
 * from them.
 */

/** The extensions each type is taken under. */
export const UPLOAD_EXTENSIONS: Record<UploadType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/avif': ['avif'],
  'video/mp4': ['mp4', 'm4v'],
  'video/webm': ['webm'],
  'application/pdf': ['pdf'],
};

/**
 * Other names browsers give a type: old ones for JPEG, and an .m4v (MP4 in
 * iTunes' flavour, brand "M4V ") is `video/x-m4v` to Chrome and Safari.
 */
export const UPLOAD_TYPE_ALIASES: Readonly<Record<string, UploadType>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'video/x-m4v': 'video/mp4',
};

/** The type a Content-Type names, under any of its names (lower case, without parameters). */
export const canonicalType = (mimeType: string): string => {
  const type = mimeType.toLowerCase().split(';')[0]!.trim();
  return UPLOAD_TYPE_ALIASES[type] ?? type;
};

/**
 * A file picker's `accept` for `types`: each type, its other names and its
 * extensions. Browsers match a file by type or by extension, and some know
 * an .m4v only by another type, or by none.
 */
export function uploadAccept(types: readonly UploadType[]): string {
  return types
    .flatMap((type) => [
      type,
      ...Object.keys(UPLOAD_TYPE_ALIASES).filter((alias) => UPLOAD_TYPE_ALIASES[alias] === type),
      ...UPLOAD_EXTENSIONS[type].map((ext) => `.${ext}`),
    ])
    .join(',');
}
