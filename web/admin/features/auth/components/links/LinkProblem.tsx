import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../../../common/api';
import { button } from '../../../../lib/ui';

/**
 * Whether a failed check of a link is the server's verdict on the link (a
 * 400: used, withdrawn, expired or unknown), rather than a failure to ask
 * (no network, a server fault), which is worth trying again.
 */
export const isVerdict = (error: unknown) => error instanceof ApiError && error.status === 400;

/**
 * A link that cannot be used, or could not be checked: why, and where to go
 * instead. With `retry` (the check failed without a verdict on the link),
 * trying again comes first.
 */
export function LinkProblem({
  message,
  to,
  action,
  retry,
}: {
  message: string;
  to: string;
  action: string;
  retry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4 text-center">
      <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
        {message}
      </p>
      {retry && (
        <button type="button" className={`${button.primary} w-full`} onClick={retry}>
          {t('admin.common.retry')}
        </button>
      )}
      <Link to={to} className={`${button.secondary} w-full`}>
        {action}
      </Link>
    </div>
  );
}
