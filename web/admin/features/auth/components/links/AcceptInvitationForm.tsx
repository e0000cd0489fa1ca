import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DisplayNameSchema, RegisterSchema } from '#shared/auth';
import { pickLanguage } from '#shared/languages';
import { ApiError } from '../../../../../common/api';
import { toast } from '../../../../../common/toast';
import { Field, fieldAria } from '../../../../components/Field';
import { Spinner } from '../../../../components/Spinner';
import { button, input } from '../../../../lib/ui';
import { useAcceptInvitation } from '../../api/links.queries';
import {
  checkNewPassword,
  NewPasswordFields,
  type NewPassword,
  type NewPasswordErrors,
} from './NewPasswordFields';

type Errors = NewPasswordErrors & { username?: string; name?: string };

/**
 * The username and password of the invited account, and optionally the
 * display name that signs its replies (the site's rules, checked here
 * first); the account reads in the language the page is shown in.
 */
export function AcceptInvitationForm({
  token,
  onJoined,
}: {
  token: string;
  onJoined: (username: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const accept = useAcceptInvitation();
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState<NewPassword>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const name = RegisterSchema.shape.username.safeParse(username);
    const shown = DisplayNameSchema.safeParse(displayName);
    const found: Errors = {
      ...(!name.success && { username: t(name.error.issues[0]!.message) }),
      ...(!shown.success && { name: t(shown.error.issues[0]!.message) }),
      ...checkNewPassword(password, t),
    };
    if (Object.values(found).some(Boolean) || !shown.success) return setErrors(found);
    try {
      const { user } = await accept.mutateAsync({
        token,
        username: username.trim(),
        password: password.password,
        ...(shown.data !== null && { name: shown.data }),
        // The account's language: the page's, so the colleague's e-mails come in it.
        language: pickLanguage(i18n.language),
      });
      toast.success(t('login.invitation.joined'));
      onJoined(user.username);
    } catch (error) {
      if (error instanceof ApiError && error.details) setErrors(error.details as Errors);
      toast.failure(t, error, 'login.invitation.failed');
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <Field
        id="invitation-username"
        label={t('login.username')}
        hint={t('validation.username.format')}
        error={errors.username}
      >
        <input
          {...fieldAria('invitation-username', { hint: true, error: errors.username })}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            setErrors((x) => ({ ...x, username: undefined }));
          }}
          className={input}
        />
      </Field>
      <Field
        id="invitation-name"
        label={t('login.invitation.name.label')}
        hint={t('login.invitation.name.hint')}
        error={errors.name}
      >
        <input
          {...fieldAria('invitation-name', { hint: true, error: errors.name })}
          autoComplete="name"
          value={displayName}
          onChange={(e) => {
            setDisplayName(e.target.value);
            setErrors((x) => ({ ...x, name: undefined }));
          }}
          className={input}
        />
      </Field>
      <NewPasswordFields
        idPrefix="invitation"
        value={password}
        errors={errors}
        onChange={(v) => {
          setPassword(v);
          setErrors((x) => ({ ...x, password: undefined, confirm: undefined }));
        }}
      />
      <button
        type="submit"
        disabled={accept.isPending}
        className={`${button.primary} w-full py-2.5`}
      >
        {accept.isPending && <Spinner className="h-4 w-4" />}
        {t('login.invitation.submit')}
      </button>
    </form>
  );
}
