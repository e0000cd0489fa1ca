import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';

/** 'Loading admin panel...': the whole screen, or (`inline`) the space under the header. */
export function LoadingScreen({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  const Box = inline ? 'div' : 'main';
  return (
    <Box
      className={`flex items-center justify-center ${inline ? 'py-24' : 'min-h-screen'}`}
      aria-busy="true"
    >
      <p role="status" className="flex items-center gap-3 text-slate-700">
        <Spinner className="h-6 w-6 text-slate-900" />
        {t('admin.loading')}
      </p>
    </Box>
  );
}
