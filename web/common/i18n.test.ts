import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A page load starts with no catalogue at all (the test setup preloads all
 * three, so each test here imports a fresh copy of the module).
 */
async function freshI18nModule() {
  vi.resetModules();
  return import('./i18n');
}

describe('catalogue loading', () => {
  beforeEach(() => vi.resetModules());

  it('a Portuguese page loads English beside Portuguese and falls back to it', async () => {
    const { i18nForAsync } = await freshI18nModule();
    const i18n = await i18nForAsync('pt');
    expect(i18n.language).toBe('pt');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(false);
    i18n.addResource('en', 'translation', 'probe.onlyInEnglish', 'Only in English');
    expect(i18n.t('probe.onlyInEnglish')).toBe('Only in English');
    expect(i18n.t('probe.nowhere')).toBe('probe.nowhere');
    expect(i18n.t('nav.news')).toBe('Notícias');
  });

  it('switching to German brings its catalogue in before the language changes', async () => {
    const { i18nForAsync, switchLanguage } = await freshI18nModule();
    const i18n = await i18nForAsync('en');
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(false);
    await switchLanguage(i18n, 'de');
    expect(i18n.language).toBe('de');
    expect(i18n.t('nav.contact')).toBe('Kontakt');
  });
});
