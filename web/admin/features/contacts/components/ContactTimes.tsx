import { useTranslation } from 'react-i18next';
import type { Contact } from '#shared/contact';
import { dayEndingAt, formatDay } from '#shared/date-time';
import { formatDateTime } from '#shared/dates';
import { formatRelativeTime } from '#shared/relative-time';
import { pickLanguage, type Language, type Translate } from '#shared/languages';
import type { ReplyLine } from '../lib/reply-status';

type Props = { contact: Contact; now: Date; line: ReplyLine | null };

/**
 * The reply line's moment in full: a due time at midnight (the reader's)
 * as the end of the day before ("Due by the end of 30/11/2026"), any other
 * as it is.
 */
function lineTitle(line: ReplyLine, language: Language, t: Translate): string {
  const day = line.key === 'admin.contacts.repliedWhen' ? null : dayEndingAt(line.at);
  return day
    ? t('admin.contacts.dueEndOfDay', { day: formatDay(day, language) })
    : formatDateTime(line.at, language);
}

/**
 * When the enquiry came in (date and time, and how long ago), read or not,
 * when it was answered or the reply is due, and the language it was written in.
 */
export function ContactTimes({ contact, now, line }: Props) {
  const { t, i18n } = useTranslation();
  const language = pickLanguage(i18n.language);
  return (
    <div className="space-y-0.5 text-xs text-slate-600 sm:text-right">
      <p>{t('admin.contacts.received', { date: formatDateTime(contact.created_at, language) })}</p>
      <p>
        <time dateTime={contact.created_at} data-testid="received-ago">
          {formatRelativeTime(contact.created_at, now, language)}
        </time>
      </p>
      {!contact.spam && (
        <p className="font-medium">
          {contact.read ? t('admin.contacts.read') : t('admin.contacts.unread')}
        </p>
      )}
      {line && (
        <p data-testid="reply-line">
          <time dateTime={line.at} title={lineTitle(line, language, t)}>
            {t(line.key, { when: formatRelativeTime(line.at, now, language) })}
          </time>
        </p>
      )}
      <p>
        {t('admin.contacts.writtenIn', {
          language: t(`admin.contacts.languages.${contact.language}`),
        })}
      </p>
    </div>
  );
}
