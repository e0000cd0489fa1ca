import { useTranslation } from 'react-i18next';
import { numberFormat } from '#shared/languages';

type Props = {
  title: string;
  /** Each row's label and views, most first. */
  rows: { key: string; label: string; views: number }[];
  empty: string;
  testId: string;
};

/** A short list of views by something (language, referring site), each with its share as a bar. */
export function ShareList({ title, rows, empty, testId }: Props) {
  const { i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const total = rows.reduce((sum, row) => sum + row.views, 0);
  return (
    <section aria-label={title} data-testid={testId}>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {rows.map((row) => (
            <li key={row.key} className="text-sm">
              <div className="flex justify-between gap-3">
                <span className="break-all text-slate-800">{row.label}</span>
                <span className="tabular-nums text-slate-700">{number.format(row.views)}</span>
              </div>
              <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
                <div
                  className="h-1.5 rounded-full bg-sky-600"
                  style={{ width: `${total === 0 ? 0 : Math.max(2, (row.views / total) * 100)}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
