import { useTranslation } from 'react-i18next';
import { container } from '../../ui/styles';

const VALUES = ['wisdom', 'innovation', 'excellence'] as const;

/** The three numbered philosophy values. */
export function Values() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="values-title" className="bg-white py-20 sm:py-24">
      <div className={container}>
        <div className="max-w-2xl">
          <h2 id="values-title" className="text-3xl font-bold text-navy-900 sm:text-4xl">
            {t('home.values.title')}
          </h2>
          <p className="mt-4 text-lg text-steel-600">{t('home.values.description')}</p>
        </div>
        <ol className="mt-12 grid gap-10 md:grid-cols-3">
          {VALUES.map((key, index) => (
            <li key={key} className="border-t-2 border-signal-400 pt-6">
              <span aria-hidden="true" className="font-display text-5xl font-bold text-signal-600">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3 className="mt-2 text-xl font-semibold text-navy-900">
                {t(`home.values.${key}.title`)}
              </h3>
              <p className="mt-3 leading-relaxed text-steel-600">
                {t(`home.values.${key}.description`)}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
