import { useTranslation } from 'react-i18next';
import { container } from '../../ui/styles';

const CLAIMS = ['errors', 'facilities', 'uptime'] as const;

/** A strip of example results from the marketing copy. */
export function Proof() {
  const { t } = useTranslation();
  return (
    <section aria-label={t('home.proof.label')} className="bg-navy-900 py-14 text-white">
      <dl className={`${container} grid gap-8 text-center sm:grid-cols-3`}>
        {CLAIMS.map((key) => (
          <div key={key} className="flex flex-col-reverse gap-2">
            <dt className="text-sm text-steel-300">{t(`home.proof.${key}.label`)}</dt>
            <dd className="font-display text-4xl font-bold text-signal-400">
              {t(`home.proof.${key}.value`)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
