import { Bot, MessageSquareText, Reply, StickyNote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ThreadEntry, ThreadKind } from '#shared/contact';
import { formatDateTime } from '#shared/dates';
import { pickLanguage } from '#shared/languages';

const LOOK: Record<ThreadKind, { Icon: typeof Reply; className: string }> = {
  enquiry: { Icon: MessageSquareText, className: 'border-slate-200 bg-white' },
  auto_reply: { Icon: Bot, className: 'border-slate-200 bg-slate-50' },
  reply: { Icon: Reply, className: 'border-sky-200 bg-sky-50' },
  note: { Icon: StickyNote, className: 'border-amber-200 bg-amber-50' },
};

const STATUS_LOOK = {
  pending: 'text-slate-700',
  sent: 'text-emerald-800',
  failed: 'text-red-800',
} as const;

/**
 * What happened to an enquiry, oldest first: the visitor's message, the
 * auto-reply, replies sent from the admin with how far their e-mail got,
 * and internal notes, each with who wrote it (their display name, else
 * their username) and when.
 */
export function EnquiryThread({ entries, visitor }: { entries: ThreadEntry[]; visitor: string }) {
  const { t, i18n } = useTranslation();
  const language = pickLanguage(i18n.language);
  return (
    <ol className="space-y-2" aria-label={t('admin.contacts.thread.title')}>
      {entries.map((entry, index) => {
        const { Icon, className } = LOOK[entry.kind];
        const who =
          entry.kind === 'enquiry'
            ? visitor
            : entry.kind === 'auto_reply'
              ? t('admin.contacts.thread.site')
              : (entry.by_name ?? entry.by ?? t('admin.contacts.thread.formerColleague'));
        return (
          <li
            key={`${entry.kind}-${entry.at}-${index}`}
            data-testid="thread-entry"
            data-kind={entry.kind}
            className={`rounded-lg border px-3 py-2 ${className}`}
          >
            <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-700">
              <Icon aria-hidden="true" className="h-3.5 w-3.5" />
              <span className="font-semibold text-slate-900">
                {t(`admin.contacts.thread.kinds.${entry.kind}`)}
              </span>
              <span>{who}</span>
              <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
              {entry.status && (
                <span
                  data-testid="delivery-status"
                  className={`font-semibold ${STATUS_LOOK[entry.status]}`}
                >
                  {t(`admin.contacts.thread.status.${entry.status}`)}
                </span>
              )}
            </p>
            <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">
              {entry.text}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
