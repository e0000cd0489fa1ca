import { MailMinus, MailWarning, MailX, OctagonAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#shared/dates';
import { LANGUAGES, LOCALES, pickLanguage, type Translate } from '#shared/languages';
import { alertsReach, type MailStatus } from '#shared/mail-status';

const TONES = {
  info: 'border-slate-300 bg-slate-50 text-slate-800',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
  danger: 'border-red-300 bg-red-50 text-red-900',
};

function Notice(props: {
  tone: keyof typeof TONES;
  role: 'status' | 'alert';
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div
      role={props.role}
      data-testid="mail-status"
      className={`flex gap-3 rounded-lg border px-4 py-3 text-sm ${TONES[props.tone]}`}
    >
      <span className="mt-0.5 shrink-0">{props.icon}</span>
      <div className="min-w-0 space-y-0.5">
        <p className="font-semibold break-words">{props.title}</p>
        <p>{props.children}</p>
      </div>
    </div>
  );
}

/**
 * Why the last delivery failed, in the reader's language; an error stored
 * as text before codes, as it is (so is the `message` of a server older
 * than this dashboard, which a desktop app may meet).
 */
export function mailErrorText(failure: NonNullable<MailStatus['last_failure']>, t: Translate) {
  const { error } = failure;
  if (!error) return (failure as { message?: string }).message ?? '';
  if (error.code === null) return error.text;
  return t(`admin.mail.errors.${error.code}`, error.values);
}

/**
 * What the admin must know about enquiry e-mail (`GET /api/mail/status`):
 * that it is off (with what to set), that the mail server is failing (the
 * last error and how many messages wait to be tried again), that no staff
 * address gets the alerts of some or all languages (neither NOTIFY_EMAIL
 * nor their alert lists name anyone), or, quietly, that the last message
 * was refused for good (an address that does not exist: not retried, and
 * no fault of the server). Nothing while all is well.
 */
export function MailStatusNotice({ status }: { status: MailStatus | undefined }) {
  const { t, i18n } = useTranslation();
  if (!status) return null;
  const icon = 'h-5 w-5';
  const language = pickLanguage(i18n.language);
  const unalerted = LANGUAGES.filter((l) => !alertsReach(status, l));
  if (!status.enabled) {
    return (
      <Notice
        tone="info"
        role="status"
        icon={<MailX aria-hidden="true" className={icon} />}
        title={t('admin.mail.offTitle')}
      >
        {t('admin.mail.offHint')}
      </Notice>
    );
  }
  if (status.failing && status.last_failure) {
    return (
      <Notice
        tone="danger"
        role="alert"
        icon={<OctagonAlert aria-hidden="true" className={icon} />}
        title={t('admin.mail.failing', {
          message: mailErrorText(status.last_failure, t),
          count: status.pending,
        })}
      >
        {t('admin.mail.failingSince', {
          date: formatDateTime(status.last_failure.at, language),
        })}
      </Notice>
    );
  }
  if (unalerted.length === LANGUAGES.length) {
    return (
      <Notice
        tone="warning"
        role="status"
        icon={<MailWarning aria-hidden="true" className={icon} />}
        title={t('admin.mail.noStaffTitle')}
      >
        {status.auto_reply ? t('admin.mail.noStaffAutoReply') : t('admin.mail.noStaffHint')}
      </Notice>
    );
  }
  if (unalerted.length > 0) {
    const languages = new Intl.ListFormat(LOCALES[language], { type: 'conjunction' }).format(
      unalerted.map((l) => t(`admin.contacts.languages.${l}`)),
    );
    return (
      <Notice
        tone="warning"
        role="status"
        icon={<MailWarning aria-hidden="true" className={icon} />}
        title={t('admin.mail.someStaffTitle', { languages })}
      >
        {t('admin.mail.someStaffHint')}
      </Notice>
    );
  }
  if (status.refused && status.last_failure) {
    return (
      <Notice
        tone="info"
        role="status"
        icon={<MailMinus aria-hidden="true" className={icon} />}
        title={t('admin.mail.refused', { message: mailErrorText(status.last_failure, t) })}
      >
        {t('admin.mail.refusedHint', {
          date: formatDateTime(status.last_failure.at, language),
        })}
      </Notice>
    );
  }
  return null;
}
