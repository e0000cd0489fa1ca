import { useTranslation } from 'react-i18next';
import { BrainCircuit, Bot, Factory } from 'lucide-react';
import { container } from '../../ui/styles';

const SERVICES = [
  { key: 'ai', Icon: BrainCircuit },
  { key: 'robotics', Icon: Bot },
  { key: 'integration', Icon: Factory },
] as const;

export function Services() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="services-title" className="bg-steel-50 py-20 sm:py-24">
      <div className={container}>
        <div className="max-w-2xl">
          <h2 id="services-title" className="text-3xl font-bold text-navy-900 sm:text-4xl">
            {t('home.services.title')}
          </h2>
          <p className="mt-4 text-lg text-steel-600">{t('home.services.description')}</p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {SERVICES.map(({ key, Icon }) => (
            <li
              key={key}
              className="group rounded-xl border border-steel-200 bg-white p-8 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-lg bg-navy-900 text-signal-400">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-6 text-xl font-semibold text-navy-900">
                {t(`home.services.${key}.title`)}
              </h3>
              <p className="mt-3 leading-relaxed text-steel-600">
                {t(`home.services.${key}.description`)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
