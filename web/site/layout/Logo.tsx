import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLocalize } from '../lib/page-language';

/** The mark: an amber gear tooth over a navy block, drawn inline so it needs no request. */
function Mark() {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className="size-9 shrink-0">
      <rect width="40" height="40" rx="8" className="fill-navy-700" />
      <path d="M11 29V11h18v5H17v3h9v5h-9v5z" className="fill-signal-400" />
      <circle cx="29" cy="28" r="3" className="fill-steel-200" />
    </svg>
  );
}

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <Link
      to={localize('/')}
      onClick={onNavigate}
      className="flex min-w-0 items-center gap-3 rounded-md"
    >
      <Mark />
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="font-display text-lg font-bold text-white">{t('meta.siteName')}</span>
        <span className="line-clamp-2 text-xs text-steel-300">{t('nav.tagline')}</span>
      </span>
    </Link>
  );
}
