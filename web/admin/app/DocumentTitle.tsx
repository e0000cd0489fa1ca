import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

/** Keeps the tab title in step with the route and the language. */
export function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pathname === '/login' ? t('login.title') : t('admin.title');
  }, [pathname, t, i18n.language]);
  return null;
}
