// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#shared/languages';
import { startLanguage } from './start-language';

/** The desktop app's bridge, answering the language of its menus. */
const desktop = (language: Language | Error) => ({
  language: vi.fn(() =>
    language instanceof Error ? Promise.reject(language) : Promise.resolve(language),
  ),
});

afterEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/admin');
  document.documentElement.lang = 'en';
});

describe('the language the dashboard starts in', () => {
  it('in the desktop app with nothing chosen, is the one its menus speak, and not kept as a choice', async () => {
    expect(await startLanguage(desktop('de'))).toEqual({ language: 'de', chosen: false });
    expect(await startLanguage(desktop('pt'))).toEqual({ language: 'pt', chosen: false });
  });

  it('is a language chosen before, or named by the address, without asking the app', async () => {
    const app = desktop('de');
    window.localStorage.setItem('language', 'pt');
    expect(await startLanguage(app)).toEqual({ language: 'pt', chosen: true });
    window.history.replaceState(null, '', '/admin?lang=en');
    expect(await startLanguage(app)).toEqual({ language: 'en', chosen: true });
    expect(app.language).not.toHaveBeenCalled();
  });

  it('in a browser, or when the app does not answer, is the page’s own', async () => {
    document.documentElement.lang = 'de';
    expect(await startLanguage(undefined)).toEqual({ language: 'de', chosen: false });
    document.documentElement.lang = 'en';
    expect(await startLanguage(desktop(new Error('gone')))).toEqual({
      language: 'en',
      chosen: false,
    });
  });
});
