import { ArticlePage } from './ArticlePage';
import { HydratedMarkdown } from './HydratedMarkdown';

/** The article page in the browser: the server's HTML for the body it rendered. */
export function ArticleRoute() {
  return <ArticlePage Body={HydratedMarkdown} />;
}
