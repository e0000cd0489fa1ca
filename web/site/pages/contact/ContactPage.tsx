import { useTranslation } from 'react-i18next';
import { ContactDetails } from './ContactDetails';
import { ContactForm } from './ContactForm';

/** `/contact`: header banner, business details on the left, the enquiry form on the right. */
export function ContactPage() {
  const { t } = useTranslation();
  return (
    <>
      <header className="relative overflow-hidden border-b border-navy-800 bg-gradient-to-br from-navy-900 via-navy-950 to-navy-950">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 right-0 size-96 rounded-full bg-signal-400/10 blur-3xl"
        />
        <div className="relative mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <p className="text-sm font-semibold tracking-widest text-signal-400 uppercase">
            {t('contact.eyebrow')}
          </p>
          <h1 className="mt-3 text-4xl font-bold text-white sm:text-5xl">{t('contact.title')}</h1>
          <p className="mt-4 max-w-2xl text-lg text-steel-200">{t('contact.description')}</p>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[2fr_3fr] lg:gap-16 lg:px-8 lg:py-20">
        <ContactDetails />
        <div className="rounded-2xl bg-white p-6 shadow-xl shadow-navy-950/40 ring-1 ring-navy-800 sm:p-8">
          <ContactForm />
        </div>
      </div>
    </>
  );
}
