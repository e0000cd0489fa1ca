import { useTranslation } from 'react-i18next';
import type { ContactSubmission } from '#shared/contact';
import { PageHeader } from '../../ui/PageHeader';
import { container } from '../../ui/styles';
import { ContactDetails } from './ContactDetails';
import { ContactForm } from './ContactForm';
import { PrivacyNote } from './PrivacyNote';

/**
 * `/contact`: header banner, business details on the left, the enquiry form on
 * the right with a privacy note under it. `posted` / `sent`: the outcome of a form posted without JavaScript.
 */
export function ContactPage({ posted, sent }: { posted?: ContactSubmission; sent?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('contact.title')} description={t('contact.description')} />
      <div
        className={`${container} grid gap-12 py-12 sm:py-16 lg:grid-cols-[2fr_3fr] lg:gap-16 lg:py-20`}
      >
        <ContactDetails />
        <div className="rounded-2xl border border-steel-200 bg-steel-50 p-5 shadow-sm sm:p-8">
          <ContactForm posted={posted} sent={sent} />
          <PrivacyNote />
        </div>
      </div>
    </>
  );
}
