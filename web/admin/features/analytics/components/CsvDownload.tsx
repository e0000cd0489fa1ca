import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsReport } from '#shared/analytics';
import { saveFile } from '../../../lib/save-file';
import { button } from '../../../lib/ui';
import { analyticsCsv, analyticsFilename, type AnalyticsCsvSeparator } from '../lib/analytics-csv';

/**
 * Saves the report's table as CSV: with commas, or with semicolons for
 * spreadsheets set up for European formats (as the enquiries' export offers).
 */
export function CsvDownload({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
  const save = (separator: AnalyticsCsvSeparator) =>
    saveFile(
      new Blob([analyticsCsv(report, separator)], { type: 'text/csv;charset=utf-8' }),
      analyticsFilename(report),
    );
  const empty = report.pages.length === 0;
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={button.secondary} disabled={empty} onClick={() => save(',')}>
        <Download aria-hidden="true" className="h-4 w-4" />
        {t('admin.analytics.csv')}
      </button>
      <button type="button" className={button.secondary} disabled={empty} onClick={() => save(';')}>
        <Download aria-hidden="true" className="h-4 w-4" />
        {t('admin.analytics.csvSemicolon')}
      </button>
    </div>
  );
}
