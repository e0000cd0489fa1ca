import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteSection } from '../../lib/use-site-section';
import { PageHeader } from '../../ui/PageHeader';
import { container } from '../../ui/styles';

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`privacy-${id}`} className="space-y-3">
      <h2 id={`privacy-${id}`} className="text-2xl font-bold text-navy-900">
        {heading}
      </h2>
      {children}
    </section>
  );
}

const list = 'list-disc space-y-1 pl-6 marker:text-signal-600';
const link =
  'inline-flex items-center gap-2 rounded-sm font-medium text-navy-800 underline decoration-signal-500 decoration-2 underline-offset-4 hover:text-navy-600';

/**
 * `/privacy`: what happens to the details sent through the contact form.
 * Every text is in the catalogue (`privacy.*`); the company's name, address
 * and e-mail come from the same entries the contact page shows.
 */
export function PrivacyPage() {
  const { t } = useTranslation();
  // Only this page embeds the notice's texts (shared/site-catalogue.ts).
  const ready = useSiteSection('privacy');
  const email = t('contact.details.email');
  const address = [
    t('contact.details.street'),
    `${t('contact.details.postalCode')} ${t('contact.details.city')}`,
    t('contact.details.country'),
  ].join(', ');
  const items = (group: string, keys: string[]) => (
    <ul className={list}>
      {keys.map((key) => (
        <li key={key}>{t(`privacy.${group}.${key}`)}</li>
      ))}
    </ul>
  );
  if (!ready) return null;

  return (
    <>
      <PageHeader title={t('privacy.title')} description={t('privacy.intro')} />
      <div className={container}>
        <div className="max-w-3xl space-y-10 py-12 text-base leading-relaxed text-steel-700 sm:py-16">
          <Section id="controller" heading={t('privacy.controller.heading')}>
            <p>{t('privacy.controller.body', { company: t('meta.siteName'), address })}</p>
          </Section>
          <Section id="collect" heading={t('privacy.collect.heading')}>
            <p>{t('privacy.collect.body')}</p>
            <p>{t('privacy.collect.spam')}</p>
            <p>{t('privacy.collect.logs')}</p>
          </Section>
          <Section id="statistics" heading={t('privacy.statistics.heading')}>
            <p>{t('privacy.statistics.body')}</p>
            <p>{t('privacy.statistics.basis')}</p>
          </Section>
          <Section id="purpose" heading={t('privacy.purpose.heading')}>
            <p>{t('privacy.purpose.body')}</p>
            <p>{t('privacy.purpose.interest')}</p>
            <p>{t('privacy.purpose.never')}</p>
          </Section>
          <Section id="retention" heading={t('privacy.retention.heading')}>
            <p>{t('privacy.retention.body')}</p>
            <p>{t('privacy.retention.logs')}</p>
          </Section>
          <Section id="recipients" heading={t('privacy.recipients.heading')}>
            <p>{t('privacy.recipients.intro')}</p>
            {items('recipients', ['staff', 'mail', 'hosting'])}
            <p>{t('privacy.recipients.bound')}</p>
          </Section>
          <Section id="rights" heading={t('privacy.rights.heading')}>
            <p>{t('privacy.rights.intro')}</p>
            {items('rights', ['access', 'correct', 'erase', 'restrict', 'portable'])}
            <p>{t('privacy.rights.how')}</p>
            <p>
              <a href={`mailto:${email}`} className={link}>
                <Mail aria-hidden="true" className="size-4 text-signal-600" />
                {email}
              </a>
            </p>
            <p>{t('privacy.rights.complaint')}</p>
          </Section>
          <Section id="cookies" heading={t('privacy.cookies.heading')}>
            <p>{t('privacy.cookies.body')}</p>
          </Section>
        </div>
      </div>
    </>
  );
}
