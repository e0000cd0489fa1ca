import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, pickLanguage, type Language } from '#shared/languages';
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

type Errors = Partial<Record<'email' | 'role' | 'language', string>>;

/**
 * Invites a colleague by address, role and language (of the e-mail and the
 * page its link opens; the admin's own unless they choose another). With
 * e-mail on the server sends the link; with e-mail off the answer carries it
 * and `onSent` shows it. An address typed and not sent is unsaved work:
 * leaving the page asks first.
 */
export function InviteForm({ onSent }: { onSent: (sent: InvitationSent) => void }) {
  const { t, i18n } = useTranslation();
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('editor');
  const [language, setLanguage] = useState<Language>(() => pickLanguage(i18n.language));
  const [errors, setErrors] = useState<Errors>({});
  // Said as text, for an admin whose role changes before they can send it (AdminScreen).
  useLeaveGuard(email.trim() !== '', () =>
    [
      `${t('admin.users.invite.email')}: ${email.trim()}`,
      `${t('admin.users.role')}: ${t(`admin.users.roles.${role}`)}`,
      `${t('admin.users.invite.language')}: ${t(`language.names.${language}`)}`,
    ].join('\n'),
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = InvitationSchema.safeParse({ email, role, language });
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
        className="mt-4 grid gap-4 sm:grid-cols-2 sm:items-start lg:grid-cols-[1fr_14rem_11rem_auto]"
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
        <Field
          id="invite-language"
          label={t('admin.users.invite.language')}
          hint={t('admin.users.invite.languageHint')}
          error={errors.language}
        >
          <select
            {...fieldAria('invite-language', { hint: true, error: errors.language })}
            value={language}
            onChange={(e) => setLanguage(pickLanguage(e.target.value))}
            className={input}
          >
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang} lang={lang}>
                {t(`language.names.${lang}`)}
              </option>
            ))}
          </select>
        </Field>
        <button
          type="submit"
          className={`${button.primary} sm:mt-7 sm:justify-self-start`}
          disabled={invite.isPending}
        >
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
