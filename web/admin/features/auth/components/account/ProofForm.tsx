import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TwoFactorMoveSchema, TwoFactorProofSchema } from '#shared/auth';
import { ApiError } from '../../../../../common/api';
import { toast } from '../../../../../common/toast';
import { Field, fieldAria } from '../../../../components/Field';
import { Spinner } from '../../../../components/Spinner';
import { button } from '../../../../lib/ui';
import type { TwoFactorProof } from '../../api/account.queries';
import { CodeInput } from '../CodeInput';
import { PasswordInput } from '../PasswordInput';

type Errors = { password?: string; code?: string };

type Props = {
  /** The fields' ids start with it (`<id>-password`, `<id>-code`). */
  id: string;
  intro?: ReactNode;
  submitLabel: string;
  danger?: boolean;
  busy: boolean;
  /** What the toast says when the server refuses, unless it says why. */
  failureKey: string;
  onCancel: () => void;
  /** Called with checked values; `refused` shows the server's refusal on its field. */
  onProof: (proof: TwoFactorProof, refused: (error: unknown) => void) => void;
  /**
   * When given, only the password is asked and this is called with it
   * instead (a move asked again by the session that started it).
   */
  onPassword?: (password: string, refused: (error: unknown) => void) => void;
};

/**
 * The password and a current code (from the app, or a recovery code, used
 * up here): what turning two-factor sign-in off, moving it to a new device
 * and new recovery codes each ask for first. A move asked again by the
 * session that started it asks for the password alone (`onPassword`).
 */
export function ProofForm({
  id,
  intro,
  submitLabel,
  danger,
  busy,
  failureKey,
  onCancel,
  onProof,
  onPassword,
}: Props) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // The field a refusal is about; focused once it is on screen.
  const [focus, setFocus] = useState<{ field: string } | null>(null);

  const show = (found: Errors) => {
    setErrors(found);
    setFocus({ field: found.password ? `${id}-password` : `${id}-code` });
  };

  // The code field may only come back a moment later (a move asked again that ran out meanwhile:
  // the status is asked again first): it takes the focus then, as on its first showing.
  const asksCode = !onPassword;
  useEffect(() => {
    const field = focus && document.getElementById(focus.field);
    if (!field) return;
    field.focus();
    setFocus(null);
  }, [focus, asksCode]);

  const refused = (error: unknown) => {
    toast.failure(t, error, failureKey);
    if (!(error instanceof ApiError) || error.key) return;
    if (error.details) return show({ password: error.details.password, code: error.details.code });
    if (error.status !== 401) return;
    // The server checks the password first; any other 401 is about the code.
    const wrongPassword = error.message === t('apiErrors.wrongPassword');
    show(wrongPassword ? { password: error.message } : { code: error.message });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (onPassword) {
      const alone = TwoFactorMoveSchema.safeParse({ password });
      if (!alone.success) return show({ password: t(alone.error.issues[0]!.message) });
      return onPassword(alone.data.password, refused);
    }
    const parsed = TwoFactorProofSchema.safeParse({ password, code });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues)
        found[issue.path[0] as keyof Errors] ??= t(issue.message);
      return show(found);
    }
    onProof(parsed.data, refused);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4 px-6 py-5">
      {intro}
      <Field
        id={`${id}-password`}
        label={t('admin.account.currentPassword')}
        error={errors.password}
      >
        <PasswordInput
          {...fieldAria(`${id}-password`, { error: errors.password })}
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((x) => ({ ...x, password: undefined }));
          }}
        />
      </Field>
      {asksCode && (
        <Field
          id={`${id}-code`}
          label={t('admin.twoFactor.offCode')}
          hint={t('admin.twoFactor.offCodeHint')}
          error={errors.code}
        >
          <CodeInput
            {...fieldAria(`${id}-code`, { error: errors.code, hint: true })}
            kind="any"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setErrors((x) => ({ ...x, code: undefined }));
            }}
          />
        </Field>
      )}
      <div className="flex justify-end gap-3">
        <button type="button" className={button.secondary} onClick={onCancel} disabled={busy}>
          {t('admin.common.cancel')}
        </button>
        <button type="submit" className={danger ? button.danger : button.primary} disabled={busy}>
          {busy && <Spinner className="h-4 w-4" />}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
