import { useTranslation } from 'react-i18next';
import { button } from '../lib/ui';

/** A list or page that could not be loaded: the catalogue's message in red, and Try again. */
export function LoadFailed({
  onRetry,
  className = '',
}: {
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`flex flex-wrap items-center gap-3 text-sm text-red-800 ${className}`}>
      {t('admin.errors.loadData')}
      <button type="button" className={button.secondary} onClick={onRetry}>
        {t('admin.common.retry')}
      </button>
    </div>
  );
}
