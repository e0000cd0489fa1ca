import { describe, expect, it } from 'vitest';
import {
  excerpt,
  formatDue,
  formatTime,
  headerText,
  quoteHtml,
  quoteText,
  sitePage,
} from './mail-parts';

describe('mail parts', () => {
  it('makes one bounded header line of anything', () => {
    expect(headerText('Ana\r\nBcc: x@y.z\u2028\u0000 Silva ')).toBe('Ana Bcc: x@y.z Silva');
    expect(headerText('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('quotes every line of a message, blank ones included', () => {
    expect(quoteText('one\r\n\r\ntwo\rthree')).toBe('> one\n>\n> two\n> three');
  });

  it('takes at most the first characters of a message, ending at a word where it can', () => {
    expect(excerpt('  short text \r\n', 200)).toBe('short text');
    expect(excerpt('one two three four', 12)).toBe('one two…');
    expect(excerpt('x'.repeat(50), 10)).toBe(`${'x'.repeat(10)}…`);
    // Whole characters: an emoji (two UTF-16 units) is never cut in half.
    expect(excerpt('🤖'.repeat(5), 3)).toBe('🤖🤖🤖…');
    const long = 'word '.repeat(100);
    expect([...excerpt(long, 200)].length).toBeLessThanOrEqual(201);
  });

  it('escapes the message for HTML and keeps its line breaks', () => {
    expect(quoteHtml('<b>a</b> & "b"\nc')).toBe('&lt;b&gt;a&lt;/b&gt; &amp; &quot;b&quot;<br>c');
  });

  it('writes the time in the reader’s language, on the company’s clock, naming its zone', () => {
    const winter = '2026-11-23T14:05:00.000Z';
    expect(formatTime(winter, 'en', 'Europe/Lisbon')).toBe(
      '23 Nov 2026, 14:05 (Western European Time)',
    );
    // Summer: Lisbon is an hour ahead of UTC, Berlin two.
    const summer = '2026-07-23T14:05:00.000Z';
    expect(formatTime(summer, 'en', 'Europe/Lisbon')).toBe(
      '23 Jul 2026, 15:05 (Western European Time)',
    );
    expect(formatTime(summer, 'de', 'Europe/Berlin')).toBe(
      '23.07.2026, 16:05 (Mitteleuropäische Zeit)',
    );
    expect(formatTime(summer, 'pt', 'Europe/Lisbon')).toBe(
      '23/07/2026, 15:05 (Hora da Europa Ocidental)',
    );
  });

  it('names a company clock on UTC "UTC" in every language, whatever alias it is set by', () => {
    const winter = '2026-11-23T14:05:00.000Z';
    expect(formatTime(winter, 'en', 'UTC')).toBe('23 Nov 2026, 14:05 (UTC)');
    expect(formatTime(winter, 'pt', 'UTC')).toBe('23/11/2026, 14:05 (UTC)');
    expect(formatTime(winter, 'de', 'UTC')).toBe('23.11.2026, 14:05 (UTC)');
    for (const alias of ['Etc/UTC', 'GMT', 'Etc/GMT', 'Zulu', 'Etc/Greenwich']) {
      expect(formatTime(winter, 'en', alias)).toBe('23 Nov 2026, 14:05 (UTC)');
    }
    expect(formatDue(winter, 'pt', 'Etc/UTC').zone).toBe('UTC');
    // A zone that is on UTC only part of the year, or a fixed offset, keeps its own name.
    expect(formatTime(winter, 'en', 'Europe/London')).toBe(
      '23 Nov 2026, 14:05 (United Kingdom Time)',
    );
    expect(formatTime(winter, 'en', 'Etc/GMT+5')).toBe('23 Nov 2026, 09:05 (GMT-05:00)');
  });

  it('links a page of the site in a language', () => {
    expect(sitePage('https://www.example.com', '/', 'en')).toBe('https://www.example.com/');
    expect(sitePage('https://www.example.com', '/privacy', 'pt')).toBe(
      'https://www.example.com/privacy?lang=pt',
    );
  });
});
