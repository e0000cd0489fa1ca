import { describe, expect, it } from 'vitest';
import { mediaAddressesIn, mediaIdsIn } from './media';

const PHOTO = '/media/12/0123456789abcdef-800x600.jpg';
const SHEET = '/media/13/0123456789abcdef.pdf';
const ORIGIN = 'https://www.example.com';

describe('the upload addresses in a text', () => {
  it('are its paths under /media/, in Markdown, HTML or alone', () => {
    const text = `${PHOTO} ![a](${PHOTO}) <img src="${PHOTO}"> [sheet](${SHEET}).`;
    expect(mediaAddressesIn(text).map((a) => a.address)).toEqual([PHOTO, PHOTO, PHOTO, SHEET]);
    expect(mediaIdsIn(text)).toEqual([12, 13]);
  });

  it('and its full addresses on this site’s origin, whatever their case or default port', () => {
    const text = `![a](${ORIGIN}${PHOTO}) ![b](//www.example.com${PHOTO}) ![c](https://WWW.example.com:443${SHEET})`;
    expect(mediaIdsIn(text, ORIGIN)).toEqual([12, 13]);
    expect(mediaAddressesIn(text, ORIGIN)[0]!.address).toBe(`${ORIGIN}${PHOTO}`);
    // Without PUBLIC_URL only paths are known to be the site's.
    expect(mediaIdsIn(text)).toEqual([]);
  });

  it('are not the same path on another site, another scheme or under another folder', () => {
    const text = [
      `https://other.example${PHOTO}`,
      `//cdn.other.example${PHOTO}`,
      `http://www.example.com${PHOTO}`,
      `/shop${PHOTO}`,
      `${ORIGIN}/shop${SHEET}`,
    ].join(' ');
    expect(mediaAddressesIn(text, ORIGIN)).toEqual([]);
  });
});
