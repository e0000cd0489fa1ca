import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountLanguageSchema } from '#shared/auth';
import { LANGUAGES, type Language } from '#shared/languages';
import { applyLanguage } from '../../../../../common/i18n';
import { toast } from '../../../../../common/toast';
import { Field, fieldAria } from '../../../../components/Field';
import { Spinner } from '../../../../components/Spinner';
import { button, card, input } from '../../../../lib/ui';
import { useUpdateProfile } from '../../api/account.queries';

const ID = 'account-language';
const NONE = '';

/**
 * The language the site's e-mails to the colleague are written in (an
 * enquiry given to them, reminders, account links), in which the admin
 * opens after they sign in. The header's switcher sets it too. Like the
 * display name it grants nothing: saved without the current password.
 */
export function AccountLanguage({ language }: { language: Language | null }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const [value, setValue] = useState<string>(language ?? NONE);
  const hint = t('admin.account.language.hint');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = AccountLanguageSchema.safeParse(value === NONE ? null : value);
    if (!checked.success) return;
    update.mutate(
      { language: checked.data },
      {
        async onSuccess(user) {
          const saved = user.language ?? null;
          setValue(saved ?? NONE);
          // The admin shows itself in it at once, as it will at the next sign-in.
          if (saved) await applyLanguage(i18n, saved, { remember: true });
          toast.success(
            i18n.t(saved ? 'admin.account.language.saved' : 'admin.account.language.cleared'),
          );
        },
        onError: (failure) => toast.failure(t, failure, 'admin.account.saveFailed'),
      },
    );
  }

  return (
    <section aria-labelledby="account-language-title" className={`${card} p-6`}>
      <h3 id="account-language-title" className="text-lg font-semibold text-slate-900">
        {t('admin.account.language.title')}
      </h3>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field id={ID} label={t('admin.account.language.label')} hint={hint}>
          <select
            {...fieldAria(ID, { hint })}
            name="language"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className={input}
          >
            <option value={NONE}>{t('admin.account.language.none')}</option>
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang} lang={lang}>
                {t(`language.names.${lang}`)}
              </option>
            ))}
          </select>
        </Field>
        <div className="sm:col-span-2">
          <button type="submit" className={button.primary} disabled={update.isPending}>
            {update.isPending && <Spinner className="h-4 w-4" />}
            {update.isPending ? t('admin.form.saving') : t('admin.account.language.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
