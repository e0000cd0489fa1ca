import { Hourglass, MailX, OctagonAlert, Reply } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReplyState } from '#shared/reply-due';

const MARKERS = {
  'due-soon': {
    key: 'admin.contacts.dueSoon',
    Icon: Hourglass,
    className: 'border-amber-300 bg-amber-50 text-amber-900',
  },
  overdue: {
    key: 'admin.contacts.overdue',
    Icon: OctagonAlert,
    className: 'border-red-300 bg-red-50 text-red-800',
  },
  replied: {
    key: 'admin.contacts.replied',
    Icon: Reply,
    className: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  },
} as const;

/**
 * Where an enquiry stands against the 24-hour promise, in words and an icon
 * as well as colour: "Due soon" (over 20 hours), "Overdue" (over 24 hours
 * without a reply) or "Replied". Nothing while the reply is simply awaited.
 */
export function ReplyMarker({ state }: { state: ReplyState }) {
  const { t } = useTranslation();
  if (state !== 'due-soon' && state !== 'overdue' && state !== 'replied') return null;
  const { key, Icon, className } = MARKERS[state];
  return (
    <span
      data-testid="reply-marker"
      data-state={state}
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold ${className}`}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {t(key)}
    </span>
  );
}

/**
 * The last reply written to the enquiry never reached the visitor: the mail
 * server refused it for good, and the enquiry waits for a reply again.
 */
export function ReplyNotDelivered() {
  const { t } = useTranslation();
  return (
    <span
      data-testid="reply-not-delivered"
      title={t('admin.contacts.replyFailedHint')}
      className="inline-flex items-center gap-1 rounded-full border border-red-300 bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800"
    >
      <MailX aria-hidden="true" className="h-3.5 w-3.5" />
      {t('admin.contacts.replyFailed')}
    </span>
  );
}
