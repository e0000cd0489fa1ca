import { describe, expect, it } from 'vitest';
import { createI18n, toResources } from './i18n';

const resources = toResources({
  en: { greet: 'Welcome back, {{username}}', onlyEnglish: 'Only in English', shared: 'Hello' },
  pt: { greet: 'Bem-vindo de volta, {{username}}', shared: 'Olá' },
  de: { greet: 'Willkommen zurück, {{username}}', shared: 'Hallo' },
});

describe('createI18n', () => {
  it('translates in the chosen language and fills {{placeholders}}', () => {
    expect(createI18n('pt', resources).t('greet', { username: 'Ana' })).toBe(
      'Bem-vindo de volta, Ana',
    );
    expect(createI18n('de', resources).t('shared')).toBe('Hallo');
  });

  it('falls back to English, then to the key itself', () => {
    const pt = createI18n('pt', resources);
    expect(pt.t('onlyEnglish')).toBe('Only in English');
    expect(pt.t('nowhere.at.all')).toBe('nowhere.at.all');
  });

  it('does not escape values (React escapes when rendering)', () => {
    expect(createI18n('en', resources).t('greet', { username: '<b>Ann</b>' })).toBe(
      'Welcome back, <b>Ann</b>',
    );
  });

  it('gives every caller its own instance: changing one language leaves the others alone', async () => {
    const a = createI18n('en', resources);
    const b = createI18n('en', resources);
    await a.changeLanguage('de');
    expect(a.t('shared')).toBe('Hallo');
    expect(b.t('shared')).toBe('Hello');
  });
});
