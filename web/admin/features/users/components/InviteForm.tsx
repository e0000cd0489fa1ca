import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffRole } from '#shared/roles';
import { InvitationSchema, type InvitationSent } from '#shared/users';
import { ApiError } from '../../../../common/api';
import { toast } from '../../../../common/toast';
import { EmailField } from '../../../components/EmailField';
import { Field, fieldAria } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { useLeaveGuard } from '../../../hooks/useLeaveGuard';
import { button, card, input } from '../../../lib/ui';
import { useInvite } from '../api/users.queries';

type Errors = Partial<Record<'email' | 'role', string>>;

/**
 * Invites a colleague by address and role. With e-mail on the server sends
 * the link; with e-mail off the answer carries it and `onSent` shows it.
 * An address typed and not sent is unsaved work: leaving the page asks first.
 */
export function InviteForm({ onSent }: { onSent: (sent: InvitationSent) => void }) {
  const { t } = useTranslation();
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('editor');
  const [errors, setErrors] = useState<Errors>({});
  // Said as text, for an admin whose role changes before they can send it (AdminScreen).
  useLeaveGuard(
    email.trim() !== '',
    () =>
      `${t('admin.users.invite.email')}: ${email.trim()}\n${t('admin.users.role')}: ${t(`admin.users.roles.${role}`)}`,
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = InvitationSchema.safeParse({ email, role });
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues)
        found[issue.path[0] as keyof Errors] ??= t(issue.message);
      setErrors(found);
      document.getElementById('invite-email')?.focus();
      return;
    }
    try {
      const sent = await invite.mutateAsync(checked.data);
      setEmail('');
      setErrors({});
      toast.success(
        sent.invitation_url
          ? t('admin.users.invite.created', { email: sent.email })
          : t('admin.users.invite.sent', { email: sent.email }),
      );
      onSent(sent);
    } catch (error) {
      if (error instanceof ApiError && error.details) setErrors(error.details as Errors);
      toast.failure(t, error, 'admin.users.invite.failed');
    }
  }

  return (
    <section aria-labelledby="invite-title" className={`${card} p-6`}>
      <h3 id="invite-title" className="text-lg font-semibold text-slate-900">
        {t('admin.users.invite.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t('admin.users.invite.hint')}</p>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-[1fr_14rem_auto] sm:items-start"
      >
        <EmailField
          id="invite-email"
          label={t('admin.users.invite.email')}
          autoComplete="off"
          error={errors.email}
          value={email}
          onChange={(value) => {
            setEmail(value);
            setErrors((x) => ({ ...x, email: undefined }));
          }}
        />
        <Field
          id="invite-role"
          label={t('admin.users.role')}
          hint={t(`admin.users.roleHints.${role}`)}
          error={errors.role}
        >
          <select
            {...fieldAria('invite-role', { hint: true, error: errors.role })}
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRole)}
            className={input}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`admin.users.roles.${r}`)}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className={`${button.primary} sm:mt-7`} disabled={invite.isPending}>
          {invite.isPending ? (
            <Spinner className="h-4 w-4" />
          ) : (
            <Send aria-hidden="true" className="h-4 w-4" />
          )}
          {t('admin.users.invite.submit')}
        </button>
      </form>
    </section>
  );
}
