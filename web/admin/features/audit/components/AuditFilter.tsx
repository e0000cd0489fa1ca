import { useTranslation } from 'react-i18next';
import type { AuditAction } from '#shared/audit';
import { actionGroups, actionLabel, isAuditAction } from '../lib/audit-text';

type Props = { value: AuditAction | null; onChange: (action: AuditAction | null) => void };

/** Show every entry, or those of one action (grouped: sign-in, account, articles…). */
export function AuditFilter({ value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor="audit-action" className="text-sm font-medium text-slate-800">
        {t('admin.audit.filterLabel')}
      </label>
      <select
        id="audit-action"
        value={value ?? ''}
        onChange={(e) => onChange(isAuditAction(e.target.value) ? e.target.value : null)}
        className="max-w-full rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-2 text-sm text-slate-800 focus:border-sky-600 focus:ring-2 focus:ring-sky-600/30 focus:outline-none"
      >
        <option value="">{t('admin.audit.allActions')}</option>
        {actionGroups().map(({ group, actions }) => (
          <optgroup key={group} label={t(`admin.audit.groups.${group}`)}>
            {actions.map((action) => (
              <option key={action} value={action}>
                {actionLabel(action, t)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
