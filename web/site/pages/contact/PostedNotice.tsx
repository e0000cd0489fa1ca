import { CircleAlert, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ContactSubmission } from '#shared/contact';

/**
 * The answer to a form posted without JavaScript, where no toast can appear:
 * thanks after sending, or why it was not sent (the fields below keep what was typed).
 * `failure`: why a send from the page failed, said here as well as in a toast
 * (a toast needs code of its own, which may not come).
 */
export function PostedNotice({
  posted,
  sent,
  failure,
}: {
  posted?: ContactSubmission;
  sent: boolean;
  failure?: string;
}) {
  const { t } = useTranslation();
  if (failure) return <Alert>{failure}</Alert>;
  if (sent) {
    return (
      <div
        role="status"
        className="flex gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900"
      >
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>
          <strong className="block">{t('contact.toast.successTitle')}</strong>
          {t('contact.toast.success')}
        </p>
      </div>
    );
  }
  if (!posted || posted.status === 'sent') return null;
  return <Alert>{posted.status === 'invalid' ? t('contact.toast.invalid') : posted.message}</Alert>;
}

function Alert({ children }: { children: string }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
