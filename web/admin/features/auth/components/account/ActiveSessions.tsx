import { LogOut } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActiveSession } from '#shared/auth';
import { toast } from '../../../../../common/toast';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { Spinner } from '../../../../components/Spinner';
import { useNow } from '../../../../hooks/useNow';
import { button, card } from '../../../../lib/ui';
import { useEndOtherSessions, useEndSession, useSessionsQuery } from '../../api/account.queries';
import { deviceName } from '../../lib/device-name';
import { SessionItem } from './SessionItem';
import { LoadFailed } from '../../../../components/LoadFailed';

/** This device first, then the most recently seen. */
const ordered = (sessions: ActiveSession[]) =>
  [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.last_seen.localeCompare(a.last_seen),
  );

/** Where this account is signed in, with "Sign out" for each other device and for all of them. */
export function ActiveSessions() {
  const { t } = useTranslation();
  const sessions = useSessionsQuery();
  const now = useNow();
  const ending = useEndSession();
  const endingOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = ordered(sessions.data ?? []);
  const others = list.filter((s) => !s.current).length;

  const end = (session: ActiveSession) =>
    ending.mutate(session.id, {
      onSuccess: () => {
        // Its row (and the button that had the focus) is gone: focus stays in the list.
        heading.current?.focus();
        toast.success(t('admin.sessions.ended', { device: deviceName(session.device, t) }));
      },
      onError: (error) => toast.failure(t, error, 'admin.sessions.endFailed'),
    });

  const endOthers = () =>
    endingOthers.mutate(undefined, {
      onSuccess: ({ ended }) => {
        setConfirming(false);
        toast.success(t('admin.sessions.othersEnded', { count: ended }));
      },
      onError: (error) => toast.failure(t, error, 'admin.sessions.endFailed'),
    });

  return (
    <section aria-labelledby="sessions-title" className={card}>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
        <div>
          <h3
            ref={heading}
            id="sessions-title"
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none"
          >
            {t('admin.sessions.title')}
          </h3>
          <p className="mt-1 text-sm text-slate-600">{t('admin.sessions.hint')}</p>
        </div>
        {/* aria-disabled, not disabled: the focus comes back here once the others are gone. */}
        <button
          type="button"
          className={button.secondary}
          aria-disabled={others === 0 || undefined}
          onClick={() => others > 0 && setConfirming(true)}
        >
          <LogOut aria-hidden="true" className="h-4 w-4" />
          {t('admin.sessions.endOthers')}
        </button>
      </div>
      {sessions.isPending ? (
        <p role="status" className="flex items-center gap-2 px-6 py-4 text-sm text-slate-600">
          <Spinner className="h-4 w-4" />
          {t('admin.common.loadingList')}
        </p>
      ) : sessions.isError ? (
        <LoadFailed className="px-6 py-4" onRetry={() => void sessions.refetch()} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {list.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              now={now}
              pending={ending.isPending && ending.variables === session.id}
              onEnd={() => end(session)}
            />
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmDialog
          message={t('admin.sessions.confirmEndOthers', { count: others })}
          confirmLabel={t('admin.sessions.endOthers')}
          busy={endingOthers.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={endOthers}
        />
      )}
    </section>
  );
}
