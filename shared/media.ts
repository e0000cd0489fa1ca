/*
 * Uploaded images (docs/api.md, "Media"): the types accepted, the addresses
 * their files live at, and what a page needs to show one responsively. The
 * address of an upload says everything a page needs: its id, a hash of its
 * content, its size and type (`/media/12/3f9a0c1d2e4b5a69-1600x900.jpg`), so
 * `srcset`, `width` and `height` come from the `image_url` alone.
 */

import { DEFAULT_NEWS_IMAGE } from './news';

export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** The file extension of each type, as the addresses use it. */
export const MEDIA_EXTENSIONS: Record<MediaType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/** The widths of the responsive copies (never wider than the image itself). */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
/** The responsive copies' formats, best first, as `<source>` elements list them. */
export const VARIANT_TYPES = ['image/avif', 'image/webp'] as const satisfies readonly MediaType[];
/** An upload wider than this is scaled down to it; nothing is ever scaled up. */
export const MEDIA_MAX_WIDTH = 2400;
/** Largest image, in pixels, the server decodes (decompression bombs stop here). */
export const MEDIA_MAX_PIXELS = 40_000_000;

/** Videos the library takes (MP4 with H.264, H.265 or AV1; WebM with VP8, VP9 or AV1). */
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];
/** Documents the library takes: datasheets and brochures as PDF. */
export const DOCUMENT_TYPE = 'application/pdf';
/** What an upload may be: an image, a video or a document. */
export type UploadType = MediaType | VideoType | typeof DOCUMENT_TYPE;
export type UploadKind = 'image' | 'video' | 'document';

export const isImageType = (type: string): type is MediaType =>
  (MEDIA_TYPES as readonly string[]).includes(type);
export const isVideoType = (type: string): type is VideoType =>
  (VIDEO_TYPES as readonly string[]).includes(type);
/** The types of each kind of upload. */
export const TYPES_OF_KIND: Record<UploadKind, readonly UploadType[]> = {
  image: MEDIA_TYPES,
  video: VIDEO_TYPES,
  document: [DOCUMENT_TYPE],
};
export const uploadKind = (type: UploadType): UploadKind =>
  isImageType(type) ? 'image' : isVideoType(type) ? 'video' : 'document';

/** An upload as `GET /api/media` lists it; `POST /api/media` answers the same shape. */
export type MediaItem = {
  id: number;
  /**
   * Site path of the file: an image in its uploaded format (usable as an
   * article's `image_url`), the video, or the document (a download under
   * its name, for a Markdown link).
   */
  url: string;
  /** Pixels of an image or a video; null for a document. */
  width: number | null;
  height: number | null;
  type: UploadType;
  /** A video's still (an image address, with its responsive copies); null for anything else. */
  poster_url: string | null;
  /** The uploaded file's name, for the library and a document's download. */
  name: string;
  /** Bytes of the file at `url`. */
  bytes: number;
  created_at: string;
  /** What shows it: articles and pages (as their image or inside their text), the home page's hero. */
  used_by: MediaUse[];
};

/** Uploads a page of the media library holds. */
export const MEDIA_PAGE_SIZE = 24;

/** An article or page that shows an upload, as its image or inside its text. */
export type DocumentUse = { id: number; slug: string; title: string; as: ('image' | 'content')[] };
/** An article or page that shows an upload, or a place of the site itself (`site`). */
export type MediaUse = DocumentUse | { site: 'hero-video' | 'hero-poster' };

/** The parts of an upload's address. */
export type MediaAddress = {
  id: number;
  hash: string;
  width: number;
  height: number;
  type: MediaType;
};

const TYPE_OF_EXTENSION = new Map(
  Object.entries(MEDIA_EXTENSIONS).map(([type, ext]) => [ext, type as MediaType]),
);
const MAIN_FILE = /^([0-9a-f]{16})-(\d{1,5})x(\d{1,5})\.(jpg|png|webp|avif)$/;
const VARIANT_FILE = /^([0-9a-f]{16})-(\d{1,5})w\.(webp|avif)$/;
const VIDEO_FILE = /^([0-9a-f]{16})-(\d{1,5})x(\d{1,5})\.(mp4|webm)$/;
const DOCUMENT_FILE = /^([0-9a-f]{16})\.pdf$/;

/** `/media/12/3f9a0c1d2e4b5a69-1280x720.mp4`: an uploaded video. */
export function videoUrl(address: {
  id: number;
  hash: string;
  width: number;
  height: number;
  type: VideoType;
}) {
  const ext = address.type === 'video/webm' ? 'webm' : 'mp4';
  return `/media/${address.id}/${address.hash}-${address.width}x${address.height}.${ext}`;
}

/** `/media/13/3f9a0c1d2e4b5a69.pdf`: an uploaded document (sent as a download under its name). */
export const documentUrl = ({ id, hash }: { id: number; hash: string }) =>
  `/media/${id}/${hash}.pdf`;

/** The video an address names (its type and size), or null for any other address. */
export function parseVideoUrl(
  url: string,
): { id: number; width: number; height: number; type: VideoType } | null {
  const path = MEDIA_PATH.exec(url);
  const file = path ? VIDEO_FILE.exec(path[2]!) : null;
  if (!path || !file) return null;
  const type: VideoType = file[4] === 'webm' ? 'video/webm' : 'video/mp4';
  return { id: Number(path[1]), width: Number(file[2]), height: Number(file[3]), type };
}
const MEDIA_PATH = /^\/media\/(\d{1,9})\/([^/?#]+)$/;

/**
 * An address in an upload's folder (`/media/12/…`): an upload's file, or a
 * plain 404 from the media router, never a page.
 */
export const UPLOAD_PATH = /^\/media\/\d{1,9}\//;

/** `/media/12/3f9a0c1d2e4b5a69-1600x900.jpg`: the image in its uploaded format and full size. */
export function mediaUrl({ id, hash, width, height, type }: MediaAddress): string {
  return `/media/${id}/${hash}-${width}x${height}.${MEDIA_EXTENSIONS[type]}`;
}

/** `/media/12/3f9a0c1d2e4b5a69-480w.avif`: a responsive copy `width` pixels wide. */
export function variantUrl(address: MediaAddress, width: number, type: MediaType): string {
  return `/media/${address.id}/${address.hash}-${width}w.${MEDIA_EXTENSIONS[type]}`;
}

/** The widths an image `width` pixels wide has copies in: the standard ones below it, and its own. */
export function variantWidths(width: number): number[] {
  return [...VARIANT_WIDTHS.filter((w) => w < width), width];
}

/** The upload an `image_url` names (its main file), or null for any other address. */
export function parseMediaUrl(url: string): MediaAddress | null {
  const path = MEDIA_PATH.exec(url);
  const file = path ? MAIN_FILE.exec(path[2]!) : null;
  if (!path || !file) return null;
  const [width, height] = [Number(file[2]), Number(file[3])];
  if (width < 1 || height < 1) return null;
  return {
    id: Number(path[1]),
    hash: file[1]!,
    width,
    height,
    type: TYPE_OF_EXTENSION.get(file[4]!)!,
  };
}

/** What a file name under `/media/{id}/` may be: an upload's main file or one of its copies. */
export function isMediaFileName(name: string): boolean {
  return (
    MAIN_FILE.test(name) ||
    VARIANT_FILE.test(name) ||
    VIDEO_FILE.test(name) ||
    DOCUMENT_FILE.test(name)
  );
}

/** An image as a page shows it: `<picture>` sources, the fallback `<img>` and its intrinsic size. */
export type ResponsiveImage = {
  src: string;
  width: number;
  height: number;
  /** `<source type srcset>`, best format first; pair each with the page's own `sizes`. */
  sources: { type: MediaType; srcset: string }[];
};

/**
 * The `<picture>` of an `image_url`: AVIF and WebP copies at every width for
 * `srcset`, the uploaded file as the `<img>` fallback, and its width and
 * height (no layout shift); the default picture's own copies for
 * DEFAULT_NEWS_IMAGE. Null for any other address that is not an upload (an
 * https image elsewhere is shown as it is).
 */
export function responsiveImage(url: string): ResponsiveImage | null {
  if (url === DEFAULT_NEWS_IMAGE) return DEFAULT_NEWS_PICTURE;
  const address = parseMediaUrl(url);
  if (!address) return null;
  const widths = variantWidths(address.width);
  return {
    src: url,
    width: address.width,
    height: address.height,
    sources: VARIANT_TYPES.map((type) => ({
      type,
      srcset: widths.map((w) => `${variantUrl(address, w, type)} ${w}w`).join(', '),
    })),
  };
}

/**
 * The copies of the default article picture (DEFAULT_NEWS_IMAGE, 1200×630, a
 * file of the site's own): AVIF and WebP beside it at the widths an upload of
 * its size gets (`/media/news-default-480w.avif`), made by
 * scripts/make-default-picture.ts and committed.
 */
export const DEFAULT_NEWS_PICTURE_COPIES: { type: MediaType; url: string; width: number }[] =
  VARIANT_TYPES.flatMap((type) =>
    variantWidths(1200).map((width) => ({
      type,
      url: DEFAULT_NEWS_IMAGE.replace(/\.jpg$/, `-${width}w.${MEDIA_EXTENSIONS[type]}`),
      width,
    })),
  );

/** The default article picture as a `<picture>` of those copies. */
export const DEFAULT_NEWS_PICTURE: ResponsiveImage = {
  src: DEFAULT_NEWS_IMAGE,
  width: 1200,
  height: 630,
  sources: VARIANT_TYPES.map((type) => ({
    type,
    srcset: DEFAULT_NEWS_PICTURE_COPIES.filter((copy) => copy.type === type)
      .map((copy) => `${copy.url} ${copy.width}w`)
      .join(', '),
  })),
};

/**
 * Addresses shaped like an upload's (a picture, one of its copies, a video, a
 * document) in a text: a path that starts with `/media/`, or a full address
 * (`https://host/media/…`, `//host/media/…`) whose origin is group 1.
 */
const UPLOAD_ADDRESS =
  /(?<![\w.~%@:/\\-])((?:https?:)?\/\/[^\s/\\?#"'<>()[\]]+)?\/media\/(\d{1,9})\/[0-9a-f]{16}(?:-\d{1,5}(?:x\d{1,5}|w)\.[a-z0-9]*|\.pdf)/g;

/** Whether an address's origin part (none for a path) is this site's `origin`. */
function onSite(prefix: string | undefined, origin: string | undefined): boolean {
  if (prefix === undefined) return true;
  if (origin === undefined) return false;
  try {
    return new URL(prefix, origin).origin === origin;
  } catch {
    return false;
  }
}

/**
 * The addresses of this site's uploads a text (an image address, an
 * article's Markdown) holds, in order: paths (`/media/12/…`), and full
 * addresses on `origin` (PUBLIC_URL's) when it is given. The same address
 * on another site (`https://other.example/media/12/…`) names none of ours.
 */
export function mediaAddressesIn(text: string, origin?: string): { id: number; address: string }[] {
  return [...text.matchAll(UPLOAD_ADDRESS)]
    .filter((m) => onSite(m[1], origin))
    .map((m) => ({ id: Number(m[2]), address: m[0] }));
}

/** The ids of this site's uploads a text points at (see mediaAddressesIn). */
export function mediaIdsIn(text: string, origin?: string): number[] {
  return [...new Set(mediaAddressesIn(text, origin).map((a) => a.id))];
}

/** Places of the site that show an upload the company chose (the home page's hero). */
export const SITE_MEDIA_SLOTS = ['hero-video', 'hero-poster'] as const;
export type SiteMediaSlot = (typeof SITE_MEDIA_SLOTS)[number];

/**
 * The home page's hero as the company set it (`GET /api/site/hero`): its
 * video (with the still made from it) and a picture of its own to show
 * instead of that still; null where the site's own file shows.
 */
export type HeroMedia = {
  video: {
    id: number;
    url: string;
    type: VideoType;
    width: number;
    height: number;
    poster_url: string | null;
  } | null;
  poster: { id: number; url: string; width: number; height: number } | null;
};

/**
 * `PUT /api/media/hero`: the uploads to show (null: the site's own file); a
 * part left out keeps what is chosen for it.
 */
export type HeroMediaUpdate = { video_id?: number | null; poster_id?: number | null };

/** `GET /api/media/limits`: the largest file of each kind, in bytes. */
export type MediaLimits = Record<UploadKind, number>;
