import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useRedirectIfAdmin } from '../hooks/useRedirectIfAdmin';
import { AuthCard } from './AuthCard';
import { LoginForm } from './LoginForm';

type LoginState = { sessionEnded?: boolean; noAccess?: boolean; notice?: string } | null;

export function LoginPage() {
  const { t } = useTranslation();
  useRedirectIfAdmin();
  const state = useLocation().state as LoginState;
  const notice = state?.sessionEnded
    ? t('login.sessionEnded')
    : state?.noAccess
      ? t('login.noAccess')
      : state?.notice;
  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      {notice && (
        <p role="status" className="mb-4 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
          {notice}
        </p>
      )}
      <LoginForm />
      <p className="mt-4 text-center text-sm">
        <Link to="/login/forgot" className="font-medium text-sky-800 underline hover:text-sky-950">
          {t('login.forgot')}
        </Link>
      </p>
    </AuthCard>
  );
}
