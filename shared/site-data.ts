import type { ContactSubmission } from './contact';
import type { Language } from './languages';
import type { Article, NewsList } from './news';

/**
 * What the public pages need to load. On the server it is backed by the
 * services directly; in the browser by the JSON API. Articles come in
 * `language` where they have it, else in their source language; without
 * `language`, in the page's language (the server's render, or the language
 * the page shows in the browser).
 */
export interface SiteData {
  listNews(params: { page: number; perPage: number; language?: Language }): Promise<NewsList>;
  getArticle(slug: string, options?: { language?: Language }): Promise<Article | null>;
  /** Sends an enquiry posted by the contact form (used when the browser runs no JavaScript). */
  submitContact(input: Record<string, string>): Promise<ContactSubmission>;
}
