import './zod-setup';
import { z } from 'zod';
import { adminListQuery } from './list-query';

/*
 * The media library's list query, apart from shared/media.ts, which the
 * public site's pages import (responsive images, the hero) and which so
 * stays free of zod.
 */

/**
 * `GET /api/media?page=&per_page=`: a page of the uploads, newest first,
 * the total in `X-Total-Count`; without `page`, every upload (older clients);
 * `kind` keeps images, videos or documents only.
 */
export const MediaListQuerySchema = adminListQuery({
  /** Only uploads of this kind (the article form's picker asks for images). */
  kind: z.enum(['image', 'video', 'document'], { error: 'apiErrors.media.kindInvalid' }).optional(),
});
