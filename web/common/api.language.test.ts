// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, sendLanguageOf } from './api';
import { applyLanguage, i18nForAsync } from './i18n';

/**
 * The admin sends the language it is shown in with every call, so the
 * server's errors speak it even when the shared `language` cookie says
 * another (a public page opened from the admin sets it). The public site
 * sends none: its calls follow its pages' cookie.
 */
function answer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: null }))),
  );
}
const sentHeaders = () =>
  vi.mocked(fetch).mock.calls.map(([, init]) => init?.headers as Record<string, string>);

afterEach(() => {
  vi.unstubAllGlobals();
  sendLanguageOf(() => undefined);
  window.localStorage.clear();
});

describe('the language the API client sends', () => {
  it('is the current one on every call, JSON or upload, and follows a switch', async () => {
    answer();
    document.cookie = 'language=pt; Path=/';
    const i18n = await i18nForAsync('de');
    sendLanguageOf(() => i18n.language);

    await api('/news/1', { method: 'PUT', body: { title: 'x' } });
    await api('/media', { method: 'POST', body: new FormData() });
    await applyLanguage(i18n, 'en', { remember: false });
    await api('/news/1');

    expect(sentHeaders().map((h) => h['X-Language'])).toEqual(['de', 'de', 'en']);
  });

  it('is none where nothing names it, or it is no language of the site', async () => {
    answer();
    await api('/contacts', { method: 'POST', body: {} });
    sendLanguageOf(() => 'fr');
    await api('/news');
    expect(sentHeaders().every((h) => !('X-Language' in h))).toBe(true);
  });
});
