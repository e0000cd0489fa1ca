import { localizedPath } from '#shared/language-paths';
import type { Language } from '#shared/languages';
import type { ContactsService } from '../features/contacts/contacts.service';
import type { MediaService } from '../features/media/media.service';
import type { NewsService } from '../features/news/news.service';
import type { PagesService } from '../features/news/pages.service';
import type { PreviewsService } from '../features/news/previews.service';
import type { TextsSnapshot } from '../features/site-texts/texts-snapshot';
import { pageAssets } from './assets';
import { renderDocument } from './document';
import { loadRenderer } from './render';
import { serverSiteData } from './site-data';

export type TextsPreview = (input: {
  path: string;
  language: Language;
  texts: TextsSnapshot;
  origin: string;
}) => Promise<string>;

/**
 * A public page rendered with texts that are not saved yet (the admin's live
 * preview of site texts): the same render as a visitor's, in the page's
 * language under its prefix, as a still document without scripts. Nothing
 * is cached or counted.
 */
export function createTextsPreview(services: {
  news: NewsService;
  pages: PagesService;
  previews: PreviewsService;
  contacts: ContactsService;
  media: Pick<MediaService, 'hero'>;
}): TextsPreview {
  return async ({ path, language, texts, origin }) => {
    const { render } = await loadRenderer();
    const page = texts.page(language);
    const result = await render({
      url: localizedPath(language, path),
      origin,
      language,
      catalogues: page.catalogues,
      data: serverSiteData(services, { language }),
    });
    if (result.kind !== 'page') throw new Error(`preview of ${path} did not render a page`);
    return renderDocument({
      language,
      assets: pageAssets(result.pageId),
      catalogues: page.json(result.pageId),
      head: result.head,
      html: result.html,
      hydration: result.hydration,
      still: true,
    });
  };
}
