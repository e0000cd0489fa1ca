import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

/** The pages beside the dashboard, named before it in the tab title. */
const PAGE_TITLES: Record<string, string> = {
  '/admin/account': 'admin.account.title',
  '/admin/analytics': 'admin.analytics.title',
  '/admin/audit': 'admin.audit.title',
  '/admin/settings': 'admin.settings.title',
  '/admin/users': 'admin.users.title',
  '/login/forgot': 'login.reset.forgotTitle',
  '/login/reset': 'login.reset.title',
  '/login/invitation': 'login.invitation.title',
  '/login/confirm-email': 'login.confirmEmail.title',
  '/admin/texts': 'admin.siteTexts.title',
  '/admin/media': 'admin.media.pageTitle',
};

/** Keeps the tab title in step with the route and the language. */
export function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    const page = PAGE_TITLES[pathname];
    document.title =
      pathname === '/login'
        ? t('login.title')
        : page
          ? `${t(page)} · ${t('admin.title')}`
          : t('admin.title');
  }, [pathname, t, i18n.language]);
  return null;
}
