import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '#shared/contact';
import { onWeb } from '../../../lib/on-web';

/**
 * "Came from: <article>": the public article or page whose call to action
 * led the visitor to the form, titled as they read it, linked to it on the
 * site (the desktop app has no site pages to open). Nothing for an enquiry
 * that came from anywhere else.
 */
export function ContactSource({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  if (!contact.source_path) return null;
  const title = contact.source_title ?? contact.source_path;
  return (
    <p
      className="mt-2 flex flex-wrap items-center gap-1 text-sm text-slate-700"
      data-testid="contact-source"
    >
      <FileText aria-hidden="true" className="h-4 w-4 text-slate-500" />
      <span>{t('admin.contacts.cameFrom')}</span>
      {onWeb() ? (
        <a
          href={contact.source_path}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-sky-800 underline-offset-2 hover:underline"
        >
          {title}
          <span className="sr-only"> ({t('admin.opensInNewTab')})</span>
        </a>
      ) : (
        <span className="font-medium">{title}</span>
      )}
    </p>
  );
}
