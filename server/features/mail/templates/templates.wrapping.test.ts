import { describe, expect, it } from 'vitest';
import type { Contact } from '#shared/contact';
import { translator } from '../../../i18n';
import { accountMail } from './account-mail';
import { autoReply } from './auto-reply';
import { enquiryAlert } from './enquiry-alert';
import { enquiryReply } from './enquiry-reply';
import { assignmentNotice, reminderNotice } from './staff-notices';

/**
 * What a phone shows of a word longer than its line (a pasted link, a part
 * number, a long company name): the elements that hold someone's text
 * break it rather than push the layout sideways.
 */
const LINK =
  'https://drive.google.com/file/d/1aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789abcdefGHIJ/view?usp=sharing';
const PART = 'DIN-EN-ISO-4762-M8x40-A2-70-Edelstahl';
const COMPANY = `Metalúrgica-Industrial-e-Comercial-de-Componentes-de-Precisão-${'x'.repeat(40)}`;

const contact: Contact = {
  id: 42,
  name: 'Ana Silva',
  email: 'ana@example.pt',
  company: COMPANY,
  message: `Please see ${LINK}\nPart: ${PART}`,
  language: 'pt',
  read: false,
  replied_at: null,
  spam: false,
  spam_reasons: [],
  created_at: '2026-07-23T14:05:00.000Z',
  source_path: null,
  source_title: null,
  due_at: '2026-07-24T14:05:00.000Z',
  assignee: null,
};
const site = 'https://www.forge.example';
const timeZone = 'Europe/Lisbon';

/** The style of every opening `<tag …>` in the HTML. */
const styles = (html: string, tag: string) =>
  [...html.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>`, 'g'))].map(
    ([open]) => /style="([^"]*)"/.exec(open)?.[1] ?? '',
  );
const WRAPS = /overflow-wrap:anywhere;\s*word-break:break-word/;

describe('e-mails on a narrow screen', () => {
  const t = translator('pt');
  const mails = {
    alert: enquiryAlert(contact, site, t, { language: 'pt', timeZone }),
    reply: enquiryReply(contact, `Cara Ana,\n\n${LINK} — ${PART}\n\nCumprimentos`, {
      siteUrl: site,
      t,
      thread: { subject: null, messageId: null },
      replyTo: null,
      timeZone,
    }),
    autoReply: autoReply(contact, site, t),
    assigned: assignmentNotice(contact, site, translator('en'), {
      by: 'maria',
      language: 'en',
      timeZone,
    }),
    reminder: reminderNotice(contact, site, translator('en'), {
      language: 'en',
      timeZone,
      now: new Date('2026-07-24T12:05:00.000Z'),
    }),
    account: accountMail(
      { kind: 'reset', language: 'pt', url: `${site}/x#${'t'.repeat(80)}` },
      timeZone,
    ),
  };

  it.each(Object.entries(mails))('%s: the card breaks long words', (_name, mail) => {
    expect(styles(mail.html, 'div')).toEqual([expect.stringMatching(WRAPS)]);
  });

  it('breaks long words in the quoted message, the reply’s paragraphs and the alert’s cells', () => {
    for (const mail of [mails.alert, mails.reply, mails.autoReply, mails.reminder]) {
      expect(styles(mail.html, 'blockquote')).toEqual([expect.stringMatching(WRAPS)]);
    }
    const paragraphs = styles(mails.reply.html.split('<p style="margin:16px')[0]!, 'p');
    expect(paragraphs).toHaveLength(3);
    for (const style of paragraphs) expect(style).toMatch(WRAPS);
    const cells = styles(mails.alert.html, 'td');
    expect(cells).toHaveLength(6);
    for (const style of cells) expect(style).toMatch(WRAPS);
    expect(mails.alert.html).toContain(COMPANY);
    // The labels beside them keep their words whole.
    for (const style of styles(mails.alert.html, 'th')) {
      expect(style).toContain('overflow-wrap:normal;word-break:normal');
    }
  });
});
