import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { appLanguage, followAppLanguage } from './app-language';

type Cookie = { name: string; value: string; domain: string };

/** Electron's cookie jar as far as the language sees it: cookies by domain, and 'changed' events. */
class FakeJar extends EventEmitter {
  cookies: Cookie[] = [];
  async get(filter: { url: string; name: string }) {
    const host = new URL(filter.url).host;
    return this.cookies.filter((c) => c.name === filter.name && c.domain === host);
  }
  set(cookie: Cookie) {
    const other = (c: Cookie) => c.domain !== cookie.domain || c.name !== cookie.name;
    this.cookies = [...this.cookies.filter(other), cookie];
    this.emit('changed', {}, cookie, 'explicit', false);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the app language', () => {
  it('is the language chosen in the dashboard, else the system locale', () => {
    expect(appLanguage('pt', 'de-DE')).toBe('pt');
    expect(appLanguage(null, 'de-DE')).toBe('de');
    expect(appLanguage('fr', 'pt-PT')).toBe('pt');
    expect(appLanguage(undefined, 'fr-FR')).toBe('en');
  });

  it("starts from the app page's language cookie and follows a new choice", async () => {
    const jar = new FakeJar();
    jar.cookies = [{ name: 'language', value: 'pt', domain: 'admin' }];
    const onChange = vi.fn();
    const language = await followAppLanguage(jar, 'en-GB', onChange);
    expect(language.current()).toBe('pt');

    jar.set({ name: 'language', value: 'de', domain: 'admin' });
    await settle();
    expect(language.current()).toBe('de');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('de');
  });

  it("uses the system's language without a choice, and ignores the server's own cookies", async () => {
    const jar = new FakeJar();
    const onChange = vi.fn();
    const language = await followAppLanguage(jar, 'de-AT', onChange);
    expect(language.current()).toBe('de');

    jar.set({ name: 'language', value: 'pt', domain: 'www.example.com' });
    jar.set({ name: 'session', value: 'x', domain: 'admin' });
    await settle();
    expect(language.current()).toBe('de');
    expect(onChange).not.toHaveBeenCalled();
  });
});
