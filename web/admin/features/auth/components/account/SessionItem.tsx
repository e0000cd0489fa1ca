import { LogOut, Monitor } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ActiveSession } from '#shared/auth';
import { formatDateTime } from '#shared/dates';
import { formatRelativeTime } from '#shared/relative-time';
import { pickLanguage } from '#shared/languages';
import { RowAction } from '../../../../components/RowAction';
import { button } from '../../../../lib/ui';
import { deviceName } from '../../lib/device-name';

type Props = { session: ActiveSession; now: Date; pending: boolean; onEnd: () => void };

/** One place the account is signed in: device, address, when last seen; this device marked. */
export function SessionItem({ session, now, pending, onEnd }: Props) {
  const { t, i18n } = useTranslation();
  const language = pickLanguage(i18n.language);
  const device = deviceName(session.device, t);
  return (
    <li
      data-testid="session"
      className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6"
    >
      <div className="flex min-w-0 items-start gap-3">
        <Monitor aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {device}
            {session.current && (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                {t('admin.sessions.thisDevice')}
              </span>
            )}
          </p>
          <p className="text-sm text-slate-600">
            {t('admin.sessions.address', { address: session.address || '—' })}
            {' · '}
            {t('admin.sessions.lastSeen')}{' '}
            <time dateTime={session.last_seen} title={formatDateTime(session.last_seen, language)}>
              {formatRelativeTime(session.last_seen, now, language)}
            </time>
          </p>
          <p className="text-xs text-slate-600">
            {t('admin.sessions.signedIn', {
              date: formatDateTime(session.created_at, language),
            })}
          </p>
        </div>
      </div>
      {!session.current && (
        <RowAction pending={pending} className={button.ghostDanger} onClick={onEnd}>
          <LogOut aria-hidden="true" className="h-4 w-4" />
          {t('admin.sessions.end')}
          <span className="sr-only">: {device}</span>
        </RowAction>
      )}
    </li>
  );
}
