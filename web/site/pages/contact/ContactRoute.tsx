import { useActionData, useSearchParams } from 'react-router-dom';
import type { ContactSubmission } from '#shared/contact';
import { ContactPage } from './ContactPage';

/** The `/contact` route: the page, told what became of a form posted without JavaScript. */
export function ContactRoute() {
  const posted = useActionData() as ContactSubmission | undefined;
  const [search] = useSearchParams();
  return <ContactPage posted={posted} sent={search.get('sent') === '1'} />;
}
