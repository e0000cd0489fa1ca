/**
 * What search engines and link previews show of an article or page
 * (docs/api.md, "Pages"): its own search title, description and social
 * image where it has them, else its title, excerpt and image. The public
 * page's `<head>` and the editor's search-result preview both use these.
 */

type Searchable = {
  title: string;
  excerpt: string | null;
  image_url: string | null;
  seo_title: string | null;
  seo_description: string | null;
  social_image: string | null;
};

/** The `<title>`: the search title as written, else `Title | Site`. */
export function searchTitle(doc: Pick<Searchable, 'title' | 'seo_title'>, siteName: string) {
  return doc.seo_title || `${doc.title} | ${siteName}`;
}

/** The title link previews show (Open Graph, Twitter): the search title, else the title. */
export function socialTitle(doc: Pick<Searchable, 'title' | 'seo_title'>) {
  return doc.seo_title || doc.title;
}

/** The meta description: the search description, else the excerpt (empty for neither). */
export function searchDescription(doc: Pick<Searchable, 'excerpt' | 'seo_description'>) {
  return doc.seo_description || doc.excerpt || '';
}

/** The picture of link previews: the social image, else the image, else `fallback`. */
export function socialImage(
  doc: Pick<Searchable, 'image_url' | 'social_image'>,
  fallback: string | null = null,
) {
  return doc.social_image || doc.image_url || fallback;
}
