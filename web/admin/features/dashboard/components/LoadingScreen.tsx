import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen items-center justify-center" aria-busy="true">
      <p role="status" className="flex items-center gap-3 text-slate-700">
        <Spinner className="h-6 w-6 text-slate-900" />
        {t('admin.loading')}
      </p>
    </main>
  );
}
