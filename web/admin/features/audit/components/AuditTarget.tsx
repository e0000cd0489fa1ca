import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AuditEntry } from '#shared/audit';
import { targetText } from '../lib/audit-text';

/** Where an article can be opened, if anywhere (its page on the site while it is published). */
export type ArticleHref = (id: string) => string | null;

const linkClass = 'text-sky-800 underline underline-offset-2 hover:text-sky-950';

/**
 * What an entry acted on, as a link where it still exists: an enquiry opens
 * its card in the dashboard, an article its page on the site.
 */
export function AuditTarget({
  entry,
  articleHref,
}: {
  entry: AuditEntry;
  articleHref: ArticleHref;
}) {
  const { t } = useTranslation();
  const text = targetText(entry, t);
  if (!text || !entry.target_id) return <span className="text-slate-500">—</span>;
  const gone = entry.action.endsWith('.deleted');
  if (!gone && entry.target_type === 'contact') {
    const query = new URLSearchParams({ tab: 'contacts', contact: entry.target_id });
    return (
      <Link to={`/admin?${query}`} className={linkClass}>
        {text}
      </Link>
    );
  }
  const href = !gone && entry.target_type === 'article' ? articleHref(entry.target_id) : null;
  return href ? (
    <a href={href} className={linkClass}>
      {text}
    </a>
  ) : (
    <span>{text}</span>
  );
}
