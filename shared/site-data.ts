import type { ContactSubmission } from './contact';
import type { Article, NewsList } from './news';

/**
 * What the public pages need to load. On the server it is backed by the
 * services directly; in the browser by the JSON API.
 */
export interface SiteData {
  listNews(params: { page: number; perPage: number }): Promise<NewsList>;
  getArticle(slug: string): Promise<Article | null>;
  /** Sends an enquiry posted by the contact form (used when the browser runs no JavaScript). */
  submitContact(input: Record<string, string>): Promise<ContactSubmission>;
}
