import { Download } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactListQuery, CsvSeparatorName } from '#shared/contact-list';
import { toast } from '../../../../common/toast';
import { button } from '../../../lib/ui';
import { saveFile } from '../../../lib/save-file';
import { useExportContacts } from '../api/contacts.queries';

type Props = {
  /** The list on screen: its folder, filters and search. */
  query: ContactListQuery;
  /** A search or filter narrows the list (the file then holds only its matches). */
  filtered: boolean;
};

/**
 * Downloads the list on screen as CSV (`GET /api/contacts/export`): its
 * folder, filters and search, every page of it, and says under the buttons
 * which enquiries that is. Fetched through the API wrapper (so the desktop
 * app's forwarding and a signed-out session behave as for any call), then
 * saved under the server's file name. Commas, or semicolons for
 * spreadsheets set up for European formats.
 */
export function ExportButton({ query, filtered }: Props) {
  const { t } = useTranslation();
  const scope = useId();
  const exporting = useExportContacts();
  const spam = query.spam === true;
  const fallback = `${spam ? 'spam-' : ''}enquiries${filtered ? '-filtered' : ''}.csv`;
  const download = (separator: CsvSeparatorName) =>
    !exporting.isPending &&
    exporting.mutate(
      { query, separator },
      {
        onSuccess: ({ blob, filename }) => saveFile(blob, filename ?? fallback),
        onError: (error) => toast.failure(t, error, 'admin.errors.export'),
      },
    );
  const busy = exporting.isPending || undefined;
  const what = filtered
    ? t('admin.contacts.exportScopeFiltered')
    : spam
      ? t('admin.contacts.exportScopeSpam')
      : t('admin.contacts.exportScopeInbox');
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap gap-2">
        {(['comma', 'semicolon'] as const).map((separator) => (
          <button
            key={separator}
            type="button"
            className={button.secondary}
            aria-disabled={busy}
            aria-describedby={scope}
            onClick={() => download(separator)}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            {separator === 'comma'
              ? t('admin.contacts.export')
              : t('admin.contacts.exportSemicolon')}
          </button>
        ))}
      </div>
      <p id={scope} data-testid="export-scope" className="text-xs text-slate-600">
        {what}
      </p>
    </div>
  );
}
