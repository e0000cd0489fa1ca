import { MarkdownContent } from '../../../common/markdown';
import { ArticlePage } from './ArticlePage';

/** The article page as the server renders it: the markdown renderer itself. */
export function ArticleRoute() {
  return <ArticlePage Body={MarkdownContent} />;
}
