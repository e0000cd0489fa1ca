import type { Contact } from '#shared/contact';
import type { Translate } from '../../i18n';
import { adminLink } from './templates/enquiry-alert';
import type { WebhookContent } from './outbox.repo';

/** The one event the webhook tells about. */
export const ENQUIRY_CREATED = 'enquiry.created';

/**
 * A new enquiry as the webhook posts it: the enquiry's fields, where to open
 * it in the admin, and a one-line `text` that Slack and Microsoft Teams
 * incoming webhooks show as the message (staff language, as the alerts).
 */
export function enquiryEvent(contact: Contact, siteUrl: string, t: Translate): WebhookContent {
  const url = adminLink(siteUrl, contact.id);
  const who = contact.company ? `${contact.name} (${contact.company})` : contact.name;
  const body = {
    event: ENQUIRY_CREATED,
    text: t('mail.webhook.text', { who, url }),
    enquiry: {
      id: contact.id,
      name: contact.name,
      email: contact.email,
      company: contact.company,
      message: contact.message,
      language: contact.language,
      created_at: contact.created_at,
      due_at: contact.due_at,
      admin_url: url,
    },
  };
  return { event: ENQUIRY_CREATED, body: JSON.stringify(body) };
}
