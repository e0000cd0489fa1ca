import { useTranslation } from 'react-i18next';
import { slugProblem } from '#shared/slug';

/**
 * Under the slug of a published article whose slug is being changed: its old
 * address keeps working and leads to the new one (a 301 on the server).
 */
export function SlugRedirectNote({ saved, value }: { saved: string; value: string }) {
  const { t } = useTranslation();
  const next = value.trim();
  if (next === saved || next === '' || slugProblem(next)) return null;
  return (
    <p role="status" className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
      {t('admin.form.slugRedirect', { old: `/${saved}`, new: `/${next}` })}
    </p>
  );
}
