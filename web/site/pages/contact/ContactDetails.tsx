import { Clock, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { telHref } from '#shared/phone';

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
    <div className="relative min-h-11 pl-15">
      <dt className="text-xs font-semibold tracking-widest text-steel-600 uppercase">
        <span className="absolute top-0 left-0 flex size-11 items-center justify-center rounded-lg bg-navy-900 text-signal-400">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        {label}
      </dt>
      <dd className="mt-1 text-base break-words text-navy-900">{children}</dd>
    </div>
  );
}

const link =
  'rounded-sm font-medium text-navy-800 underline decoration-signal-500 decoration-2 underline-offset-4 hover:text-navy-600';

/** Business contact details, all site texts: e-mail, phone, postal address, office hours. */
export function ContactDetails() {
  const { t } = useTranslation();
  const email = t('contact.details.email');
  return (
    <section aria-labelledby="contact-details-heading" className="space-y-8">
      <div>
        <h2 id="contact-details-heading" className="text-2xl font-bold text-navy-900">
          {t('contact.details.heading')}
        </h2>
        <p className="mt-2 leading-relaxed text-steel-600">{t('contact.details.intro')}</p>
      </div>
      <dl className="space-y-6">
        <Detail icon={Mail} label={t('contact.details.emailLabel')}>
          <a href={`mailto:${email}`} className={link}>
            {email}
          </a>
        </Detail>
        <Detail icon={Phone} label={t('contact.details.phoneLabel')}>
          <a href={`tel:${telHref(t('contact.details.phone'))}`} className={link}>
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
      <p className="rounded-r-lg border-l-4 border-signal-400 bg-signal-100/70 px-4 py-3 text-sm font-medium text-navy-800">
        {t('contact.details.replyPromise')}
      </p>
    </section>
  );
}
