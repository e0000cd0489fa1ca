import { describe, expect, it } from 'vitest';
import { mailtoHref } from './mailto';
import { isDeliverableEmail } from './text';

/** The recipients and headers a mail client reads from a mailto URL (RFC 6068). */
function read(href: string) {
  const url = new URL(href);
  return {
    to: url.pathname.split(',').map(decodeURIComponent),
    headers: [...url.searchParams.keys()],
    fragment: url.hash,
  };
}

describe('mailto addresses', () => {
  it('keeps an ordinary address as it is', () => {
    expect(mailtoHref('ana.silva@example.pt')).toBe('mailto:ana.silva@example.pt');
  });

  it('writes to a crafted address alone: no Cc, no Bcc, no body', () => {
    for (const address of [
      'x?cc=spy%40evil.example&body=hi@example.com',
      'x?bcc=spy%40evil.example@example.com',
      'x#y@example.com',
    ]) {
      expect(isDeliverableEmail(address), address).toBe(true);
      expect(read(mailtoHref(address))).toEqual({ to: [address], headers: [], fragment: '' });
    }
  });

  it('reaches an honest address with the characters a mailto gives a meaning', () => {
    for (const address of [
      'sales&support@example.com',
      "o'brien+quotes=1@example.ie",
      'a/b%c@example.de',
    ]) {
      expect(isDeliverableEmail(address), address).toBe(true);
      expect(read(mailtoHref(address)).to).toEqual([address]);
    }
  });
});
