import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import pt from '../../locales/pt.json';
import de from '../../locales/de.json';
import { createI18n, toResources } from '../../shared/i18n';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a catalogue as `dotted.key -> text`. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Each `{{name}}` or `{{name, format}}` of a text, format included, sorted. */
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*(,\s*\w+\s*)?}}/g)]
    .map((m) => m[1]! + (m[2] ? `, ${m[2].slice(1).trim()}` : ''))
    .sort();

const catalogues = { en, pt, de } as Record<string, Tree>;
const english = flatten(catalogues.en!);

/** `key_zero` of a plural English has (`key_one`): the form i18next picks for a count of 0. */
const isZeroForm = (key: string) =>
  key.endsWith('_zero') && english.has(key.replace(/_zero$/, '_one'));

describe('translation catalogues', () => {
  it('flattens nested keys', () => {
    expect(flatten({ a: { b: 'x' }, c: 'y' })).toEqual(
      new Map([
        ['a.b', 'x'],
        ['c', 'y'],
      ]),
    );
  });

  for (const lang of ['pt', 'de']) {
    const other = flatten(catalogues[lang]!);
    it(`${lang} has exactly the English keys (and the zero forms its plurals need)`, () => {
      expect([...other.keys()].filter((k) => !english.has(k) && !isZeroForm(k))).toEqual([]);
      expect([...english.keys()].filter((k) => !other.has(k))).toEqual([]);
    });
    it(`${lang} uses the same {{placeholders}} as English`, () => {
      const differing = [...english].filter(
        ([key, text]) => placeholders(text).join() !== placeholders(other.get(key) ?? text).join(),
      );
      expect(differing.map(([key]) => key)).toEqual([]);
    });
  }

  it('says "0 notícias" in Portuguese: in Portugal zero takes the plural', () => {
    // Intl's rules for a bare `pt` are Brazil's, where 0 is singular ("0 notícia").
    const t = createI18n('pt', toResources({ en, pt, de })).t;
    expect(t('admin.analytics.newsViews', { count: 0 })).toBe('0 visualizações em 30 dias');
    expect(t('admin.news.count', { count: 0 })).toBe('0 notícias');
    expect(t('admin.news.count', { count: 1 })).toBe('1 notícia');
    expect(t('admin.news.count', { count: 2 })).toBe('2 notícias');
    const portuguese = flatten(catalogues.pt!);
    const plurals = [...portuguese.keys()].filter((k) => k.endsWith('_one'));
    expect(plurals.filter((k) => !portuguese.has(k.replace(/_one$/, '_zero')))).toEqual([]);
  });

  it('has no empty texts in any language', () => {
    for (const [lang, tree] of Object.entries(catalogues)) {
      const empty = [...flatten(tree)]
        .filter(([, text]) => text.trim() === '')
        .map(([k]) => `${lang}:${k}`);
      expect(empty).toEqual([]);
    }
  });

  it('keeps the original English wording', () => {
    expect(english.get('article.notFound.title')).toBe('Article Not Found');
    expect(english.get('article.back')).toBe('Back to News');
    expect(english.get('news.fetchFailed')).toBe('Failed to fetch news');
    expect(english.get('not-found.message')).toBe('Oops! Page not found');
    expect(english.get('app.crash.title')).toBe('Unexpected Application Error!');
  });
});
