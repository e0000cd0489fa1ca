import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageCorner } from '../../../components/PageCorner';
import { useRedirectIfAdmin } from '../hooks/useRedirectIfAdmin';
import { LoginForm } from './LoginForm';

export function LoginPage() {
  const { t } = useTranslation();
  useRedirectIfAdmin();
  const ended = (useLocation().state as { sessionEnded?: boolean } | null)?.sessionEnded === true;
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-slate-100 to-slate-200">
      <PageCorner />
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-lg">
          <div className="mb-6 text-center">
            <span className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-navy-900 text-white">
              <ShieldCheck aria-hidden="true" className="h-6 w-6" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('login.title')}</h1>
            <p className="mt-1 text-sm text-slate-600">{t('login.subtitle')}</p>
          </div>
          {ended && (
            <p role="status" className="mb-4 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
              {t('login.sessionEnded')}
            </p>
          )}
          <LoginForm />
        </div>
      </main>
    </div>
  );
}
