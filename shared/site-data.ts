import type { ContactSubmission } from './contact';
import type { HeroMedia } from './media';
import type { Language } from './languages';
import type { Article, NewsList } from './news';
import type { NavPage, Page } from './pages';
import type { PreviewDocument } from './previews';

/**
 * What the public pages need to load. On the server it is backed by the
 * services directly; in the browser by the JSON API. Articles come in
 * `language` where they have it, else in their source language; without
 * `language`, in the page's language (the server's render, or the language
 * the page shows in the browser).
 */
export interface SiteData {
  listNews(params: { page: number; perPage: number; language?: Language }): Promise<NewsList>;
  /**
   * An article by slug: public ones for everyone; for a signed-in admin also
   * drafts and scheduled ones (the page shows them with a "not public"
   * banner: `publicationStatus(article)` in publication.ts says which).
   */
  getArticle(slug: string, options?: { language?: Language }): Promise<Article | null>;
  /** A page by slug, like an article: public ones for everyone, drafts too for signed-in staff. */
  getPage(slug: string, options?: { language?: Language }): Promise<Page | null>;
  /**
   * The article or page behind a share link (`/preview/<token>`), whatever
   * its state, in `language` where it has it; null when the link is unknown,
   * expired or revoked.
   */
  getPreview(token: string, options?: { language?: Language }): Promise<PreviewDocument | null>;
  /** The public pages of the header and footer (every page of the site shows them). */
  navigation(): Promise<NavPage[]>;
  /** The home page's hero video and still as the company chose them (null: the site's own). */
  heroMedia(): Promise<HeroMedia>;
  /** Sends an enquiry posted by the contact form (used when the browser runs no JavaScript). */
  submitContact(input: Record<string, string>): Promise<ContactSubmission>;
}
