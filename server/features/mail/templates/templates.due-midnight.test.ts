import { describe, expect, it } from 'vitest';
import type { Contact } from '#shared/contact';
import { translator } from '../../../i18n';
import { autoReply } from './auto-reply';
import { enquiryAlert } from './enquiry-alert';
import { assignmentNotice, reminderNotice } from './staff-notices';

/**
 * With the working-days rule on, an enquiry of the weekend is due when the
 * Monday's 24 hours run out: Tuesday at 00:00 on the company's clock. Said
 * so ("by Tuesday 1 December at 00:00") it reads as the moment Tuesday
 * starts; every e-mail says "by the end of Monday 30 November" instead.
 */
const site = 'https://www.forge.example';
// Saturday 28 November 2026 in Lisbon (UTC+0 in winter); due Tuesday 1 December, 00:00.
const weekend = (extra: Partial<Contact> = {}): Contact => ({
  id: 42,
  name: 'Jane Doe',
  email: 'jane@example.com',
  company: null,
  message: 'A quote for two welding cells.',
  language: 'en',
  read: false,
  replied_at: null,
  spam: false,
  spam_reasons: [],
  created_at: '2026-11-28T10:00:00.000Z',
  source_path: null,
  source_title: null,
  due_at: '2026-12-01T00:00:00.000Z',
  assignee: null,
  ...extra,
});

describe('a reply due at midnight on the company’s clock', () => {
  it.each([
    [
      'en',
      'One of our engineers will reply to you personally by the end of Monday 30 November (Western European Time).',
    ],
    [
      'pt',
      'Um dos nossos engenheiros responder-lhe-á pessoalmente até ao final de segunda-feira, 30 de novembro (Hora da Europa Ocidental).',
    ],
    [
      'de',
      'Einer unserer Ingenieure wird Ihnen spätestens am Montag, 30. November (Westeuropäische Zeit) persönlich antworten.',
    ],
  ] as const)(
    'is promised by the end of the day before in the auto-reply (%s)',
    (language, promise) => {
      const reply = autoReply(weekend({ language }), site, translator(language), {
        dueIn: 'Europe/Lisbon',
      });
      expect(reply.text).toContain(promise);
      expect(reply.text).not.toMatch(/00:00|1 December|1 de dezembro|1\. Dezember/);
    },
  );

  it('goes by the company’s zone: midnight in Berlin, summer time in Lisbon', () => {
    const berlin = autoReply(weekend({ due_at: '2026-11-30T23:00:00.000Z' }), site, undefined, {
      dueIn: 'Europe/Berlin',
    });
    expect(berlin.text).toContain('by the end of Monday 30 November (Central European Time)');
    // Monday 13 July 2026, 24:00 in Lisbon is 23:00 UTC.
    const summer = autoReply(weekend({ due_at: '2026-07-13T23:00:00.000Z' }), site, undefined, {
      dueIn: 'Europe/Lisbon',
    });
    expect(summer.text).toContain('by the end of Monday 13 July');
    // Any other time is named as it is.
    const evening = autoReply(weekend({ due_at: '2026-11-30T20:00:00.000Z' }), site, undefined, {
      dueIn: 'Europe/Lisbon',
    });
    expect(evening.text).toContain('by Monday 30 November at 20:00 (Western European Time)');
  });

  it.each([
    ['en', 'Reply by: End of Monday, 30 November 2026 (Western European Time)'],
    [
      'pt',
      'Responder até: Final de segunda-feira, 30 de novembro de 2026 (Hora da Europa Ocidental)',
    ],
    ['de', 'Antwort bis: Montag, 30. November 2026, Tagesende (Westeuropäische Zeit)'],
  ] as const)('is due by the end of the day before in the staff alert (%s)', (language, line) => {
    const alert = enquiryAlert(weekend(), site, translator(language), {
      language,
      timeZone: 'Europe/Lisbon',
    });
    expect(alert.text).toContain(line);
    expect(alert.html).toContain(line.split(': ')[1]);
  });

  it('is due by the end of the day before in the assignment notice and the reminders', () => {
    const reader = { language: 'en', timeZone: 'Europe/Lisbon' } as const;
    const t = translator('en');
    const endOfMonday = 'by the end of Monday, 30 November 2026 (Western European Time)';
    expect(assignmentNotice(weekend(), site, t, { ...reader, by: 'Sara' }).text).toContain(
      `The reply is due ${endOfMonday}.`,
    );
    const soon = reminderNotice(weekend(), site, t, {
      ...reader,
      now: new Date('2026-11-30T22:00:00.000Z'),
    });
    expect(soon.text).toContain(`The reply is due ${endOfMonday}.`);
    const late = reminderNotice(weekend(), site, t, {
      ...reader,
      now: new Date('2026-12-01T09:00:00.000Z'),
    });
    expect(late.text).toContain(
      'Nobody has replied yet to the enquiry from Jane Doe, and the reply has been overdue since the end of Monday, 30 November 2026 (Western European Time).',
    );
    const german = reminderNotice(weekend(), site, translator('de'), {
      language: 'de',
      timeZone: 'Europe/Lisbon',
      now: new Date('2026-12-01T09:00:00.000Z'),
    });
    expect(german.text).toContain(
      'obwohl die Antwort spätestens am Montag, 30. November 2026 (Westeuropäische Zeit) fällig war.',
    );
    for (const mail of [soon, late, german]) expect(mail.text).not.toContain('00:00');
  });
});
