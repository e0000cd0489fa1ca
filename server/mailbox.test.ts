import { describe, expect, it } from 'vitest';
import { isMailAddress, parseMailbox } from './mailbox';

describe('isMailAddress', () => {
  it.each([
    'ana@example.pt',
    'j.mueller+offers@firma-beispiel.de',
    'jürgen@müller.de',
    "o'brien@example.co.uk",
  ])('accepts %s', (address) => expect(isMailAddress(address)).toBe(true));
  it.each([
    'ana@example',
    'victim,ana@example.pt',
    '"a b"@example.pt',
    'ana@example.pt\r\nBcc: x@y.z',
    '<ana@example.pt>',
    'ana@-example.pt',
    'ana..silva@example.pt',
    `${'a'.repeat(250)}@example.pt`,
  ])('refuses %j', (address) => expect(isMailAddress(address)).toBe(false));
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
