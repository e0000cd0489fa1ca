import type { Contact } from '#shared/contact';
import type { Translate } from '../../i18n';
import { adminLink } from './templates/enquiry-alert';
import type { WebhookContent } from './outbox.repo';

/** The one event the webhook tells about. */
export const ENQUIRY_CREATED = 'enquiry.created';

/**
 * What the visitor typed, as Slack and Microsoft Teams show it: as plain
 * text. `&`, `<` and `>` become entities (Slack's own escaping; Teams reads
 * entities too), so `<!channel>`, `<https://…|label>` and HTML tags are
 * text, and a word joiner (U+2060) parts `](`, so `[label](url)` is no
 * Markdown link. Slack's emphasis (`*`, `_`, `~`, `` ` ``) is left as typed:
 * the message turns Slack's formatting off (`mrkdwn: false`) instead, so a
 * name is shown and copied exactly as the visitor wrote it.
 */
function chatText(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\]\(/g, ']\u2060(');
}

/**
 * A new enquiry as the webhook posts it: the enquiry's fields as typed,
 * where to open it in the admin, and a one-line `text` that Slack and
 * Microsoft Teams incoming webhooks show as the message (staff language, as
 * the alerts), the visitor's name and company in it as plain text.
 * `mrkdwn: false` is Slack's switch for a message's `text` without
 * formatting (no bold, italics, strike-through or code; links and the admin
 * address still work); other receivers ignore it.
 */
export function enquiryEvent(contact: Contact, siteUrl: string, t: Translate): WebhookContent {
  const url = adminLink(siteUrl, contact.id);
  const who = chatText(contact.company ? `${contact.name} (${contact.company})` : contact.name);
  const body = {
    event: ENQUIRY_CREATED,
    text: t('mail.webhook.text', { who, url }),
    mrkdwn: false,
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
