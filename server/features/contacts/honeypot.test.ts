import { describe, expect, it } from 'vitest';
import { CONTACT_HONEYPOT_FIELD } from '#shared/contact';
import { isBot } from './honeypot';

const enquiry = { name: 'Ana Silva', email: 'ana@example.pt', message: 'We need a robot cell.' };

describe('the honeypot', () => {
  it('is a field no autofill fills in for a person (it was `website`)', () => {
    expect(CONTACT_HONEYPOT_FIELD).toBe('extra_comment');
  });

  it('drops a body whose hidden field is filled in, by its name and by the old one', () => {
    expect(isBot({ ...enquiry, extra_comment: 'http://bot.example' })).toBe(true);
    // Pages opened before the upgrade still send `website`, for one release.
    expect(isBot({ ...enquiry, website: 'http://bot.example' })).toBe(true);
  });

  it('lets a body through when the hidden field is empty, blank or absent', () => {
    expect(isBot(enquiry)).toBe(false);
    expect(isBot({ ...enquiry, extra_comment: '' })).toBe(false);
    expect(isBot({ ...enquiry, extra_comment: '  ', website: '' })).toBe(false);
    expect(isBot(null)).toBe(false);
  });
});
