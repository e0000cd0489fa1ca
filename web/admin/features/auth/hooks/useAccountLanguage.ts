import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '#shared/languages';
import { applyLanguage } from '../../../../common/i18n';
import { toast } from '../../../../common/toast';
import { useUpdateProfile } from '../api/account.queries';

/**
 * The admin's language as the signed-in account's: the language switcher
 * (signed in) saves the one chosen, so the site's e-mails to the account
 * come in it and another browser or device opens in it after sign-in. The
 * switch itself is not held back by the call; a failure says so.
 */
export function useSaveAccountLanguage() {
  const { t } = useTranslation();
  const { mutate } = useUpdateProfile();
  return (language: Language) =>
    mutate(
      { language },
      { onError: (error) => toast.failure(t, error, 'admin.account.language.switchFailed') },
    );
}

/**
 * After sign-in: the admin opens in the account's language, when it chose
 * one (a new browser or device is otherwise in the page's or English).
 */
export function useOpenInAccountLanguage() {
  const { i18n } = useTranslation();
  return async (language: unknown) => {
    if (isLanguage(language) && language !== i18n.language)
      await applyLanguage(i18n, language, { remember: true });
  };
}
