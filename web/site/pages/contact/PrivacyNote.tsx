import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLocalize } from '../../lib/page-language';

/** Under the form: what the details are used for, and the way to the privacy notice. */
export function PrivacyNote() {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <p className="mt-6 border-t border-steel-200 pt-4 text-sm leading-relaxed text-steel-600">
      {t('contact.privacy.notice')}{' '}
      <Link
        to={localize('/privacy')}
        className="rounded-sm font-medium text-navy-800 underline decoration-signal-500 decoration-2 underline-offset-4 hover:text-navy-600"
      >
        {t('contact.privacy.link')}
      </Link>
    </p>
  );
}
