import { Clock, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Detail({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-signal-400/10 text-signal-400 ring-1 ring-signal-400/30">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <dt className="text-sm font-semibold tracking-wide text-steel-300 uppercase">{label}</dt>
        <dd className="mt-1 text-base break-words text-white">{children}</dd>
      </div>
    </div>
  );
}

const link =
  'rounded-sm font-medium text-white underline decoration-signal-400/60 underline-offset-4 hover:text-signal-300 hover:decoration-signal-300';

/** Business contact details, all from the catalogue: e-mail, phone, postal address, office hours. */
export function ContactDetails() {
  const { t } = useTranslation();
  const email = t('contact.details.email');
  return (
    <section aria-labelledby="contact-details-heading" className="space-y-8">
      <div>
        <h2 id="contact-details-heading" className="text-2xl font-bold text-white">
          {t('contact.details.heading')}
        </h2>
        <p className="mt-2 text-steel-300">{t('contact.details.intro')}</p>
      </div>
      <dl className="space-y-6">
        <Detail icon={Mail} label={t('contact.details.emailLabel')}>
          <a href={`mailto:${email}`} className={link}>
            {email}
          </a>
        </Detail>
        <Detail icon={Phone} label={t('contact.details.phoneLabel')}>
          <a href={`tel:${t('contact.details.phoneHref')}`} className={link}>
            {t('contact.details.phone')}
          </a>
        </Detail>
        <Detail icon={MapPin} label={t('contact.details.addressLabel')}>
          <address className="not-italic">
            {t('contact.details.street')}
            <br />
            {t('contact.details.postalCode')} {t('contact.details.city')}
            <br />
            {t('contact.details.country')}
          </address>
        </Detail>
        <Detail icon={Clock} label={t('contact.details.hoursLabel')}>
          {t('contact.details.hours')}
        </Detail>
      </dl>
      <p className="rounded-lg border border-navy-700 bg-navy-900/60 px-4 py-3 text-sm text-steel-200">
        {t('contact.details.replyPromise')}
      </p>
    </section>
  );
}
