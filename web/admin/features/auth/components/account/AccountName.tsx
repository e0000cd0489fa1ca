import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DisplayNameSchema } from '#shared/auth';
import { ApiError } from '../../../../../common/api';
import { toast } from '../../../../../common/toast';
import { Field, fieldAria } from '../../../../components/Field';
import { Spinner } from '../../../../components/Spinner';
import { button, card, input } from '../../../../lib/ui';
import { useUpdateProfile } from '../../api/account.queries';

const ID = 'account-name';

/**
 * The display name that signs the colleague's replies to enquiries (their
 * username signs while it is empty). It grants nothing, so unlike the
 * username and the password it is saved without the current password.
 */
export function AccountName({ name }: { name: string | null }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [value, setValue] = useState(name ?? '');
  const [error, setError] = useState<string>();
  const hint = t('admin.account.name.hint');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = DisplayNameSchema.safeParse(value);
    if (!checked.success) {
      setError(t(checked.error.issues[0]!.message));
      return document.getElementById(ID)?.focus();
    }
    update.mutate(
      { name: checked.data },
      {
        onSuccess(user) {
          setValue(user.name ?? '');
          setError(undefined);
          toast.success(t(user.name ? 'admin.account.name.saved' : 'admin.account.name.cleared'));
        },
        onError(failure) {
          toast.failure(t, failure, 'admin.account.saveFailed');
          const details = failure instanceof ApiError ? failure.details : undefined;
          if (details?.name) setError(String(details.name));
        },
      },
    );
  }

  return (
    <section aria-labelledby="account-name-title" className={`${card} p-6`}>
      <h3 id="account-name-title" className="text-lg font-semibold text-slate-900">
        {t('admin.account.name.title')}
      </h3>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field id={ID} label={t('admin.account.name.label')} hint={hint} error={error}>
          <input
            {...fieldAria(ID, { hint, error })}
            name="name"
            autoComplete="name"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(undefined);
            }}
            className={input}
          />
        </Field>
        <div className="sm:col-span-2">
          <button type="submit" className={button.primary} disabled={update.isPending}>
            {update.isPending && <Spinner className="h-4 w-4" />}
            {update.isPending ? t('admin.form.saving') : t('admin.account.name.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
