import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CsvSeparatorName } from '#shared/contact-list';
import { toast } from '../../../../common/toast';
import { button } from '../../../lib/ui';
import { saveFile } from '../../../lib/save-file';
import { useExportContacts, type ContactFolder } from '../api/contacts.queries';

/**
 * Downloads the folder on screen as CSV (`GET /api/contacts/export`): fetched
 * through the API wrapper (so the desktop app's forwarding and a signed-out
 * session behave as for any call), then saved under the server's file name.
 * Commas, or semicolons for spreadsheets set up for European formats.
 */
export function ExportButton({ folder }: { folder: ContactFolder }) {
  const { t } = useTranslation();
  const exporting = useExportContacts();
  const download = (separator: CsvSeparatorName) =>
    !exporting.isPending &&
    exporting.mutate(
      { folder, separator },
      {
        onSuccess: ({ blob, filename }) =>
          saveFile(blob, filename ?? `${folder === 'spam' ? 'spam-' : ''}enquiries.csv`),
        onError: (error) => toast.failure(t, error, 'admin.errors.export'),
      },
    );
  const busy = exporting.isPending || undefined;
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={button.secondary}
        aria-disabled={busy}
        onClick={() => download('comma')}
      >
        <Download aria-hidden="true" className="h-4 w-4" />
        {t('admin.contacts.export')}
      </button>
      <button
        type="button"
        className={button.secondary}
        aria-disabled={busy}
        onClick={() => download('semicolon')}
      >
        <Download aria-hidden="true" className="h-4 w-4" />
        {t('admin.contacts.exportSemicolon')}
      </button>
    </div>
  );
}
