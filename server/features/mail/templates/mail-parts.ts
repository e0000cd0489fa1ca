import { escapeHtml } from '#shared/html';
import { LOCALES, type Language } from '#shared/languages';
import { telHref } from '#shared/phone';
import type { Translate } from '../../../i18n';
import type { Mailbox } from '../../../mailbox';

/**
 * Pieces every e-mail is made of: safe header text, the visitor's message
 * quoted for plain text and HTML, times in the reader's language, the
 * company's details from the catalogue and the HTML frame.
 */

/** One line for a header (subject, display name): no line breaks or control characters, bounded. */
export function headerText(value: string, max = 150): string {
  const line = value
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * At most the first `max` characters of a message (whole characters, never
 * half of one), ending at a word where one ends near the cut, with "…" when
 * there was more: what an auto-reply quotes, so a form cannot send someone
 * else a long text in the company's name.
 */
export function excerpt(message: string, max: number): string {
  const chars = [...message.replace(/\r\n?/g, '\n').trim()];
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max).join('');
  // A word cut in half goes (unless that would take away much more than the word).
  const space = /\s\S*$/.exec(cut);
  const wordCut = space !== null && !/\s/.test(chars[max]!) && cut.length - space.index < 30;
  return `${(wordCut ? cut.slice(0, space.index) : cut).trimEnd()}…`;
}

/** The message as an e-mail quote: every line behind "> ". */
export function quoteText(message: string): string {
  return message
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/** The message as escaped HTML with its line breaks kept. */
export function quoteHtml(message: string): string {
  return escapeHtml(message.replace(/\r\n?/g, '\n')).replace(/\n/g, '<br>');
}

/** UTC under any of its names (`UTC`, `Etc/UTC`, `GMT`, `Zulu`…), as Intl resolves it. */
const UTC_NAMES = /^(Etc\/)?(UTC|UCT|Universal|Zulu|Greenwich|GMT([+-]?0)?)$/i;

/**
 * A zone's name in the reader's language ("Western European Time"), as of a
 * moment; "UTC" for UTC itself, which Intl would call "GMT+00:00".
 */
function zoneName(at: Date, language: Language, timeZone: string): string {
  const resolved = new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  if (UTC_NAMES.test(resolved)) return 'UTC';
  return (
    new Intl.DateTimeFormat(LOCALES[language], { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

/**
 * A moment on the company's clock (`timeZone`, the settings'
 * `reply_time_zone`, as the admin shows times), in the reader's language
 * and naming the zone as `formatDue` does: "23 Jul 2026, 15:05 (Western
 * European Time)".
 */
export function formatTime(iso: string, language: Language, timeZone: string): string {
  const at = new Date(iso);
  const text = new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(at);
  return `${text} (${zoneName(at, language, timeZone)})`;
}

/**
 * Whether `at` is 00:00 on the company's clock. A promise that runs out
 * then (one counted in whole working days does) is kept by the end of the
 * day before: "by Tuesday at 00:00" reads as the moment Tuesday starts.
 */
function atMidnight(at: Date, timeZone: string): boolean {
  const parts = new Intl.DateTimeFormat('en', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return part('hour') === '00' && part('minute') === '00';
}

/** The day that ends at midnight `at` (on the company's clock). */
const dayEndingAt = (at: Date) => new Date(at.getTime() - 1);

/**
 * A due time as a visitor reads it: the day and the time on the company's
 * clock ("Monday 30 November at 20:00") and the zone's name in the
 * reader's language ("Western European Time"); at midnight there, the day
 * that ends then ("Monday 30 November", `endOfDay`), which the sentence
 * words as the end of that day.
 */
export function formatDue(
  iso: string,
  language: Language,
  timeZone: string,
): { when: string; zone: string; endOfDay: boolean } {
  const at = new Date(iso);
  const endOfDay = atMidnight(at, timeZone);
  const when = new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(!endOfDay && { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    timeZone,
  }).format(endOfDay ? dayEndingAt(at) : at);
  return { when, zone: zoneName(at, language, timeZone), endOfDay };
}

/**
 * A due time as the team reads it (alerts, notices, reminders): the moment
 * as `formatTime` writes it (`time`), or, at midnight on the company's
 * clock, the day that ends then, with its weekday and year ("Monday 30
 * November 2026", `day`), and the zone's name, for a sentence that says
 * "by the end of" that day.
 */
export function formatDueTime(
  iso: string,
  language: Language,
  timeZone: string,
): { time: string } | { day: string; zone: string } {
  const at = new Date(iso);
  if (!atMidnight(at, timeZone)) return { time: formatTime(iso, language, timeZone) };
  const day = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'full', timeZone }).format(
    dayEndingAt(at),
  );
  return { day, zone: zoneName(at, language, timeZone) };
}

/**
 * Breaks a word longer than the line (a pasted link, a part number, a long
 * company name) rather than pushing a phone's layout sideways. Both
 * properties, inline on each element that holds someone's text: mail
 * clients keep inline styles but not always inheritance, and some know only
 * the older `word-break:break-word`.
 */
export const WRAP = 'overflow-wrap:anywhere;word-break:break-word';

/** Several lines of text as HTML paragraphs (blank lines apart), line breaks kept. */
export function paragraphsHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p style="${WRAP}">${quoteHtml(p)}</p>`)
    .join('');
}

export type Company = {
  name: string;
  lines: { label: string; value: string; href?: string }[];
};

/**
 * Where a visitor's answer goes when no colleague is named: the team's
 * address of the settings (`reply_to_email`) under the company's name;
 * null when it is unset (the answer then goes to MAIL_FROM).
 */
export function teamReplyTo(address: string, company: Pick<Company, 'name'>): Mailbox | null {
  return address ? { name: company.name, address } : null;
}

/** The company's name and contact details as the contact page shows them (site texts, with the company's overrides). */
export function companyDetails(t: Translate, siteUrl: string, language: Language): Company {
  const address = [
    t('contact.details.street'),
    `${t('contact.details.postalCode')} ${t('contact.details.city')}`,
    t('contact.details.country'),
  ].join(', ');
  return {
    name: t('meta.siteName'),
    lines: [
      {
        label: t('contact.details.emailLabel'),
        value: t('contact.details.email'),
        href: `mailto:${t('contact.details.email')}`,
      },
      {
        label: t('contact.details.phoneLabel'),
        value: t('contact.details.phone'),
        href: `tel:${telHref(t('contact.details.phone'))}`,
      },
      { label: t('contact.details.addressLabel'), value: address },
      { label: t('contact.details.hoursLabel'), value: t('contact.details.hours') },
      { label: t('mail.common.website'), value: siteUrl, href: sitePage(siteUrl, '/', language) },
    ],
  };
}

/** A page of the site in a language (`?lang=` sets it; English is the default). */
export function sitePage(siteUrl: string, path: string, language: Language): string {
  return `${siteUrl}${path}${language === 'en' ? '' : `?lang=${language}`}`;
}

/** The company's lines as plain text; a web address as its link goes (in the reader's language). */
export function companyText(company: Company): string {
  const shown = (l: Company['lines'][number]) => (l.href?.startsWith('http') ? l.href : l.value);
  return [company.name, ...company.lines.map((l) => `${l.label}: ${shown(l)}`)].join('\n');
}

export function companyHtml(company: Company): string {
  const rows = company.lines.map(({ label, value, href }) => {
    const shown = href
      ? `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>`
      : escapeHtml(value);
    return `${escapeHtml(label)}: ${shown}`;
  });
  return `<p style="color:#475569;font-size:13px;line-height:1.6"><strong>${escapeHtml(company.name)}</strong><br>${rows.join('<br>')}</p>`;
}

/** A simple, widely rendered HTML frame (inline styles, one column). */
export function htmlDocument(language: Language, title: string, body: string): string {
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    '<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">' +
    `<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;${WRAP}">` +
    `${body}</div></body></html>`
  );
}

export const blockquote = (html: string) =>
  `<blockquote style="margin:16px 0;padding:12px 16px;border-left:4px solid #2563eb;background:#f8fafc;white-space:normal;${WRAP}">${html}</blockquote>`;
