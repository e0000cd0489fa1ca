import type { AuditAction } from '#shared/audit';
import type { AuditRecord } from '../../audit-recorder';
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

/**
 * The entry of one change to an article or page (for `audit.record`), named
 * by its id and (when known) its title.
 */
export function documentEntry(
  kind: DocumentKind,
  change: DocumentChange,
  document: { id: number; title?: string },
): AuditRecord {
  const action: AuditAction = `${kind}.${change}`;
  return { action, target_type: kind, target_id: document.id, summary: document.title };
}
