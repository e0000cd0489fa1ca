import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds one cookie among several, trimmed and decoded', () => {
    expect(readCookie('sid=abc; language=pt;theme=dark', 'language')).toBe('pt');
    expect(readCookie('a=1; name=Jos%C3%A9', 'name')).toBe('José');
  });

  it('matches the whole name, not a suffix or prefix', () => {
    expect(readCookie('xlanguage=de; languages=en', 'language')).toBeUndefined();
  });

  it('is undefined without a header, without the cookie, or for a broken encoding', () => {
    expect(readCookie(undefined, 'language')).toBeUndefined();
    expect(readCookie('', 'language')).toBeUndefined();
    expect(readCookie('sid=1', 'language')).toBeUndefined();
    expect(readCookie('language=%E0%A4%A', 'language')).toBeUndefined();
  });
});
