import type { AuditAction } from '#shared/audit';
import type { Who } from '../../http/who';
import type { AuditRecorder } from '../audit/audit.service';
import type { DocumentKind } from './document-row';

/** What can happen to an article or a page, as the audit trail names it (`article.created`, `page.deleted`). */
export type DocumentChange =
  | 'created'
  | 'updated'
  | 'published'
  | 'unpublished'
  | 'deleted'
  | 'revision_restored'
  | 'preview_created'
  | 'preview_revoked';

/** How a save of a document's text is recorded: an edit, or an older revision brought back. */
export type DocumentSave = Extract<DocumentChange, 'updated' | 'revision_restored'>;

/** The entry of one change to an article or page, named by its id and (when known) its title. */
export function recordDocument(
  audit: AuditRecorder | undefined,
  who: Who,
  kind: DocumentKind,
  change: DocumentChange,
  document: { id: number; title?: string },
): Promise<void> {
  const action: AuditAction = `${kind}.${change}`;
  return (
    audit?.record(who, {
      action,
      target_type: kind,
      target_id: document.id,
      summary: document.title,
    }) ?? Promise.resolve()
  );
}
