// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

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
});

describe('the public site', () => {
  beforeEach(() => vi.resetModules());

  it('starts from the embedded texts, fetches no English, and a left-out section once', async () => {
    const { seedCatalogues, loadCataloguesFrom, i18nFor, applyLanguage, loadSection, withSection } =
      await freshI18nModule();
    const asked: string[] = [];
    loadCataloguesFrom(async (language) => {
      asked.push(language);
      return { nav: { news: `news:${language}` }, privacy: { title: `privacy:${language}` } };
    });
    seedCatalogues({ de: { nav: { news: 'Neuigkeiten' } } });
    const i18n = i18nFor('de');
    expect(withSection(i18n, 'nav')).toBe(true);
    expect(withSection(i18n, 'privacy')).toBe(false);

    await Promise.all([loadSection('de', 'privacy'), loadSection('de', 'privacy')]);
    expect(withSection(i18n, 'privacy')).toBe(true);
    expect(i18n.t('privacy.title')).toBe('privacy:de');
    await loadSection('de', 'privacy');
    expect(asked).toEqual(['de']);

    await applyLanguage(i18n, 'pt', { remember: false });
    expect(i18n.t('nav.news')).toBe('news:pt');
    expect(asked).toEqual(['de', 'pt']);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
  });
});

describe('applyLanguage', () => {
  afterEach(() => {
    window.localStorage.clear();
    document.cookie = 'language=; Path=/; Max-Age=0';
    document.documentElement.lang = 'en';
  });

  it('brings the catalogue in, switches, marks <html lang> and keeps the choice', async () => {
    const { i18nForAsync, applyLanguage } = await freshI18nModule();
    const i18n = await i18nForAsync('en');
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(false);
    await applyLanguage(i18n, 'de', { remember: true });
    expect(i18n.language).toBe('de');
    expect(i18n.t('nav.contact')).toBe('Kontakt');
    expect(document.documentElement.lang).toBe('de');
    expect(window.localStorage.getItem('language')).toBe('de');
    expect(document.cookie).toContain('language=de');
  });

  it('without remember only shows the language (a ?lang= visit is not a choice)', async () => {
    const { i18nForAsync, applyLanguage } = await freshI18nModule();
    const i18n = await i18nForAsync('en');
    await applyLanguage(i18n, 'pt', { remember: false });
    expect(i18n.t('nav.news')).toBe('Notícias');
    expect(document.documentElement.lang).toBe('pt');
    expect(window.localStorage.getItem('language')).toBeNull();
    expect(document.cookie).not.toContain('language=');
  });
});
