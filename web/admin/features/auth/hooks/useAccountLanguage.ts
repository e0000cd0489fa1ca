import type { i18n as I18n } from 'i18next';
import { useContext, useEffect, useReducer } from 'react';
import { I18nContext, useTranslation } from 'react-i18next';
import type { User } from '#shared/auth';
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

/**
 * The account each page load's i18n instance (the provider's: `useTranslation`
 * hands out a new wrapper of it at each switch) was opened for.
 */
const openedFor = new WeakMap<I18n, string>();

/**
 * A signed-in admin's page opens in the account's language, when it chose
 * one, as a sign-in does: the language the browser keeps (localStorage, the
 * cookie) is shared with the public site, whose pages make theirs the
 * choice ("View on site" on the Portuguese tab leaves a German admin's
 * reload in Portuguese). Once per page load and account, so a switch made
 * since (saved to the account a moment later, or not at all) is never
 * undone. True while it is being put in place: the page waits for it.
 */
export function useStartInAccountLanguage(user: Pick<User, 'username' | 'language'> | null) {
  const { i18n } = useTranslation();
  const { i18n: page } = useContext(I18nContext);
  const [, settled] = useReducer((n: number) => n + 1, 0);
  const first = user !== null && openedFor.get(page) !== user.username;
  const wanted = first && isLanguage(user.language) ? user.language : null;
  const opening = wanted !== null && wanted !== i18n.language;
  useEffect(() => {
    if (!user || openedFor.get(page) === user.username) return;
    openedFor.set(page, user.username);
    // A failure (its catalogue did not load) leaves the page in the language it is in.
    if (opening && wanted) void applyLanguage(i18n, wanted, { remember: true }).catch(settled);
  }, [opening, wanted, i18n, page, user]);
  return opening;
}
