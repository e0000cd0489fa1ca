import { describe, expect, it } from 'vitest';
import { isDeliverableEmail } from '#shared/text';
import { mailAddress, parseMailbox } from './mailbox';

describe('mailAddress', () => {
  it.each([
    'ana@example.pt',
    'j.mueller+offers@firma-beispiel.de',
    'jürgen@müller.de',
    "o'brien@example.co.uk",
    // What Chrome sends for ivan@пример.рф, and the address itself.
    'ivan@xn--e1afmkfd.xn--p1ai',
    'ivan@пример.рф',
    'info@xn--mller-kva.de',
    // Combining marks in the local part, a label and the top-level domain.
    'संपर्क@डाटामेल.भारत',
  ])('accepts %s as it is', (address) => expect(mailAddress(address)).toBe(address));

  it('drops the final dot of a domain written as an absolute name', () => {
    expect(mailAddress('ana@example.com.')).toBe('ana@example.com');
    expect(mailAddress('ivan@xn--e1afmkfd.xn--p1ai.')).toBe('ivan@xn--e1afmkfd.xn--p1ai');
    expect(parseMailbox('Ana <ana@example.com.>')).toEqual({
      name: 'Ana',
      address: 'ana@example.com',
    });
  });

  it('accepts every address above that the contact form accepts', () => {
    for (const address of ['ivan@xn--e1afmkfd.xn--p1ai', 'info@डाटामेल.भारत', 'ana@müller.de']) {
      expect(isDeliverableEmail(address)).toBe(true);
      expect(mailAddress(address)).not.toBeNull();
    }
    // The form refuses a final dot and a local part beyond ASCII; enquiries stored before still get mail.
    for (const address of ['ana@example.com.', 'संपर्क@डाटामेल.भारत', 'jürgen@müller.de'])
      expect(isDeliverableEmail(address)).toBe(false);
  });

  it.each([
    'ana@example',
    'ana@example.123',
    'ana@example.com..',
    'ana@.example.com',
    'ana@example..com',
    'ana@example.p',
    'ana@example.-pt',
    'victim,ana@example.pt',
    '"a b"@example.pt',
    'ana@example.pt\r\nBcc: x@y.z',
    '<ana@example.pt>',
    'ana@-example.pt',
    'ana..silva@example.pt',
    `${'a'.repeat(250)}@example.pt`,
  ])('refuses %j', (address) => expect(mailAddress(address)).toBeNull());
});

describe('parseMailbox', () => {
  it('reads a bare address, one in brackets and one with a display name', () => {
    expect(parseMailbox('hello@example.com')).toEqual({ name: '', address: 'hello@example.com' });
    expect(parseMailbox('<hello@example.com>')).toEqual({ name: '', address: 'hello@example.com' });
    expect(parseMailbox(' Forge Industrial <hello@example.com> ')).toEqual({
      name: 'Forge Industrial',
      address: 'hello@example.com',
    });
  });
  it('refuses anything else', () => {
    for (const bad of [
      'Forge',
      'Forge <hello>',
      'a <b@c.de> <d@e.fg>',
      'Fo"rge <a@b.cd>',
      'x\n <a@b.cd>',
    ]) {
      expect(parseMailbox(bad)).toBeNull();
    }
  });
});
