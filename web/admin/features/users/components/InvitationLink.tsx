import { Copy, Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { InvitationSent } from '#shared/users';
import { copyText } from '../../../lib/clipboard';
import { button } from '../../../lib/ui';

/** With e-mail off: the invitation's link, for the admin to pass on themselves. */
export function InvitationLink({ sent, onClose }: { sent: InvitationSent; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="invitation-link-title"
      className="rounded-xl border border-sky-200 bg-sky-50 p-5 text-sky-950"
      data-testid="invitation-link"
    >
      <h3 id="invitation-link-title" className="flex items-center gap-2 font-semibold">
        <Link2 aria-hidden="true" className="h-4 w-4" />
        {t('admin.users.link.title', { email: sent.email })}
      </h3>
      <p className="mt-1 text-sm">{t('admin.users.link.hint')}</p>
      <p className="mt-3 break-all rounded-md border border-sky-200 bg-white px-3 py-2 font-mono text-xs text-slate-900">
        {sent.invitation_url}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={button.primary}
          onClick={() => void copyText(sent.invitation_url!, t)}
        >
          <Copy aria-hidden="true" className="h-4 w-4" />
          {t('admin.users.link.copy')}
        </button>
        <button type="button" className={button.secondary} onClick={onClose}>
          {t('admin.common.close')}
        </button>
      </div>
    </section>
  );
}
