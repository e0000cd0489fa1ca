import { describe, expect, it } from 'vitest';
import { ContactSchema } from './contact-schema';
import { ArticleInputSchema } from './news-schema';
import { cleanText, hasForbiddenCharacters, isDeliverableEmail, normalizeNewlines } from './text';
import { fieldErrors } from './validation';

const errorsOf = (input: Record<string, unknown>) => {
  const result = ContactSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};
const valid = { name: 'Ana Silva', email: 'ana@example.pt', message: 'A message long enough.' };

describe('line breaks', () => {
  it('turns CRLF and lone CR into LF', () => {
    expect(normalizeNewlines('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
    expect(ContactSchema.parse({ ...valid, message: 'Line one\r\nLine two\r\n' }).message).toBe(
      'Line one\nLine two',
    );
  });
});

describe('control characters', () => {
  it.each([
    ['NUL', '\u0000'],
    ['BEL', '\u0007'],
    ['ESC (terminal escape)', '\u001b[31m'],
    ['DEL', '\u007f'],
    ['a C1 control', '\u0085'],
  ])('refuses %s in single-line and multi-line fields', (_name, ch) => {
    expect(hasForbiddenCharacters(`a${ch}b`, 'single-line')).toBe(true);
    expect(hasForbiddenCharacters(`a${ch}b`, 'multi-line')).toBe(true);
  });

  it('keeps newline and tab in multi-line fields only', () => {
    expect(hasForbiddenCharacters('a\nb\tc', 'multi-line')).toBe(false);
    expect(hasForbiddenCharacters('a\nb', 'single-line')).toBe(true);
    expect(hasForbiddenCharacters('a\tb', 'single-line')).toBe(true);
  });

  it('refuses bidirectional overrides and zero-width spaces in single-line fields, keeps joiners', () => {
    expect(hasForbiddenCharacters('evil\u202Etxt.exe', 'single-line')).toBe(true);
    expect(hasForbiddenCharacters('a\u200Bb', 'single-line')).toBe(true);
    expect(hasForbiddenCharacters('\uFEFFname', 'single-line')).toBe(true);
    expect(hasForbiddenCharacters('👨\u200D👩\u200D👧 family', 'single-line')).toBe(false);
    expect(hasForbiddenCharacters('Jürgen Müller 🤖 — olá', 'single-line')).toBe(false);
  });

  it('gives the clear message on the field', () => {
    expect(errorsOf({ ...valid, name: 'Ana\u0007 Silva' })).toEqual({
      name: 'validation.text.control',
    });
    expect(errorsOf({ ...valid, message: 'Hello\u0000 there, a long message' })).toEqual({
      message: 'validation.text.control',
    });
    const article = ArticleInputSchema.safeParse({
      title: 'Title',
      excerpt: 'Excerpt',
      content: 'Body with NUL \u0000 inside',
      category: 'research',
      slug: 'a-slug',
    });
    expect(article.success ? {} : fieldErrors(article.error)).toEqual({
      content: 'validation.text.control',
    });
  });

  it('still says "required" for a missing field', () => {
    const schema = cleanText('single-line', 'required.key');
    expect(schema.safeParse(undefined).success).toBe(true);
    expect(schema.parse('  x  ')).toBe('x');
  });
});

describe('e-mail addresses (RFC 5321 limits)', () => {
  it.each([
    `${'a'.repeat(64)}@example.com`,
    'first.last+tag@sub.example.co.uk',
    "o'brien@example.ie",
    // A domain of any script goes out in its ASCII (xn--) form; that form is accepted too.
    'juergen@müller.de',
    'ivan@xn--e1afmkfd.xn--p1ai',
  ])('accepts %s', (email) => expect(isDeliverableEmail(email)).toBe(true));

  it.each([
    ['a 65-character local part', `${'a'.repeat(65)}@example.com`],
    ['more than 254 characters', `${'a'.repeat(60)}@${'b'.repeat(190)}.com`],
    ['angle brackets', '<script>@example.com'],
    ['a zero-width space', 'ana\u200B@example.pt'],
    ['a zero-width joiner', 'ana\u200D@example.pt'],
    ['a soft hyphen', 'an\u00ADa@example.pt'],
    ['a right-to-left override', 'ana\u202E@example.pt'],
    ['a control character', 'ana\u0007@example.pt'],
    ['a space', 'ana silva@example.pt'],
    ['a quote', '"ana"@example.pt'],
    ['two dots in a row', 'ana..silva@example.pt'],
    ['no dot in the domain', 'ana@example'],
    ['a final dot after the domain', 'anna@example.com.'],
    ['an empty label in the domain', 'anna@example..com'],
    ['a domain label starting with a hyphen', 'anna@-example.com'],
    ['an emoji in the local part', '😀anna@example.com'],
    ['letters beyond ASCII in the local part (they need SMTPUTF8)', 'jürgen@müller.de'],
    ['an emoji in the domain', 'anna@😀.com'],
  ])('refuses %s', (_what, email) => expect(isDeliverableEmail(email)).toBe(false));

  it('uses the catalogue’s message on the form', () => {
    expect(errorsOf({ ...valid, email: `${'a'.repeat(65)}@example.com` })).toEqual({
      email: 'validation.email.invalid',
    });
    expect(errorsOf({ ...valid, email: '<script>@example.com' })).toEqual({
      email: 'validation.email.invalid',
    });
    for (const email of ['anna@example.com.', '😀anna@example.com'])
      expect(errorsOf({ ...valid, email })).toEqual({ email: 'validation.email.invalid' });
  });
});
