import { describe, expect, it } from 'vitest';
import type { Contact } from '#shared/contact';
import { LANGUAGES } from '#shared/languages';
import { translator } from '../../../i18n';
import { accountMail } from './account-mail';
import { AUTO_REPLY_HEADERS, autoReply } from './auto-reply';
import { enquiryAlert } from './enquiry-alert';

const contact = (extra: Partial<Contact> = {}): Contact => ({
  id: 42,
  name: 'Ana Silva',
  email: 'ana@example.pt',
  company: null,
  message: 'Line one\nLine two',
  language: 'en',
  read: false,
  replied_at: null,
  spam: false,
  spam_reasons: [],
  created_at: '2026-11-23T14:05:00.000Z',
  source_path: null,
  source_title: null,
  due_at: '2026-11-24T14:05:00.000Z',
  assignee: null,
  ...extra,
});
const site = 'https://www.forge.example';
const lisbon = { language: 'en', timeZone: 'Europe/Lisbon' } as const;
const untranslated = /\b(?:mail|contact|meta|language)\.[a-zA-Z]+\.[a-zA-Z.]+/;

describe('the staff alert', () => {
  it('names the visitor (and company) in the subject and says when a reply is due', () => {
    expect(enquiryAlert(contact(), site, translator('en'), lisbon).subject).toBe(
      'New enquiry from Ana Silva',
    );
    const alert = enquiryAlert(
      contact({ company: 'Metalúrgica do Norte', language: 'de' }),
      site,
      translator('en'),
      lisbon,
    );
    expect(alert.subject).toBe('New enquiry from Ana Silva (Metalúrgica do Norte)');
    expect(alert.text).toContain('Company: Metalúrgica do Norte');
    expect(alert.text).toContain('Language: Deutsch');
    expect(alert.text).toContain('Received: 23 Nov 2026, 14:05 (Western European Time)');
    expect(alert.text).toContain('Reply by: 24 Nov 2026, 14:05 (Western European Time)');
    expect(alert.text).toContain(`${site}/admin?tab=contacts&contact=42`);
    expect(alert.replyTo).toEqual({ name: 'Ana Silva', address: 'ana@example.pt' });
    expect(alert.headers).toBeUndefined();
    expect(alert.text).toContain(
      'Forge Industrial\nBusiness enquiries: business@forge-industrial.pt',
    );
    expect(alert.html).toContain('<strong>Forge Industrial</strong>');
    expect(`${alert.text}${alert.html}`).not.toMatch(untranslated);
  });
});

describe('the staff alert’s intro', () => {
  // A reply counts only when sent from the admin (decision 032): "Reply to
  // this e-mail" left enquiries unanswered, reminded of, and answered twice.
  it.each([
    ['en', 'Please answer in the admin', 'An answer sent by e-mail (with Reply) is not tracked'],
    [
      'pt',
      'Responda na área de administração',
      'Uma resposta enviada por e-mail (com «Responder») não fica registada',
    ],
    [
      'de',
      'Bitte antworten Sie im Admin-Bereich',
      'Eine Antwort per E-Mail (über „Antworten“) wird nicht erfasst',
    ],
  ] as const)('in %s sends the reader to the admin to answer', (language, admin, untracked) => {
    const alert = enquiryAlert(contact({ language }), site, translator(language), {
      language,
      timeZone: 'Europe/Lisbon',
    });
    for (const part of [alert.text, alert.html]) {
      expect(part).toContain(admin);
      expect(part).toContain(untracked);
    }
    expect(alert.text).toContain(`: ${site}/admin?tab=contacts&contact=42`);
    // Reply still reaches the visitor (the contract), it is just not the way to answer.
    expect(alert.replyTo).toEqual({ name: 'Ana Silva', address: 'ana@example.pt' });
  });
});

describe('the auto-reply', () => {
  it.each(LANGUAGES)('is complete in %s, with no catalogue key left over', (language) => {
    const reply = autoReply(contact({ language }), site);
    expect(reply.headers).toEqual(AUTO_REPLY_HEADERS);
    expect(reply.replyTo).toBeUndefined();
    expect(`${reply.subject}${reply.text}${reply.html}`).not.toMatch(untranslated);
    expect(reply.text).toContain('> Line one\n> Line two');
    expect(reply.text).toContain('24');
    expect(reply.html).toContain(`<html lang="${language}">`);
  });

  it('links the site in the visitor’s language in its plain text too', () => {
    const german = autoReply(contact({ language: 'de' }), site);
    expect(german.text).toContain(`Website: ${site}/?lang=de`);
    expect(german.html).toContain(`href="${site}/?lang=de"`);
    expect(autoReply(contact(), site).text).toMatch(/Website: https:\/\/www\.forge\.example\/?\n/);
  });
});

describe('the account mails’ expiry', () => {
  const expiresAt = '2026-07-26T14:05:00.000Z';
  const url = `${site}/login/invitation#token`;
  it.each([
    [
      'en',
      'The link works once and for 72 hours, until 26 Jul 2026, 15:05 (Western European Time).',
    ],
    [
      'pt',
      'A ligação só pode ser utilizada uma vez e é válida durante 72 horas, até 26/07/2026, 15:05 (Hora da Europa Ocidental).',
    ],
    [
      'de',
      'Der Link ist einmalig gültig bis 26.07.2026, 15:05 (Westeuropäische Zeit), also 72 Stunden lang.',
    ],
  ] as const)('reads naturally in %s, one bracket after the time', (language, sentence) => {
    const mail = accountMail({ kind: 'invitation', language, url, expiresAt }, 'Europe/Lisbon');
    expect(mail.text).toContain(sentence);
    for (const kind of ['invitation', 'reset', 'emailConfirm'] as const) {
      const { text } = accountMail({ kind, language, url, expiresAt }, 'Europe/Lisbon');
      expect(text).not.toMatch(/\)\s*\(/);
      if (language === 'de') expect(text).not.toContain('funktioniert einmal');
    }
  });
});

describe('the account mails’ button', () => {
  // The dark navy of before vanished into the card in a client's forced dark mode.
  it.each(['invitation', 'reset', 'emailConfirm', 'twoFactorReset'] as const)(
    'in %s is the blue of the other mails’ buttons',
    (kind) => {
      const { html } = accountMail(
        { kind, language: 'en', url: `${site}/login`, expiresAt: '2026-07-26T14:05:00.000Z' },
        'Europe/Lisbon',
      );
      const button = /<a href="[^"]*" style="([^"]*)"/.exec(html)?.[1];
      expect(button).toContain('background:#2563eb;color:#ffffff');
      expect(html).not.toContain('#0f172a;color:#ffffff');
      const alert = enquiryAlert(contact(), site, translator('en'), lisbon).html;
      expect(alert).toContain('background:#2563eb;color:#ffffff');
    },
  );
});
