import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import pt from '../../locales/pt.json';
import de from '../../locales/de.json';

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
    it(`${lang} has exactly the English keys`, () => {
      expect([...other.keys()].filter((k) => !english.has(k))).toEqual([]);
      expect([...english.keys()].filter((k) => !other.has(k))).toEqual([]);
    });
    it(`${lang} uses the same {{placeholders}} as English`, () => {
      const differing = [...english].filter(
        ([key, text]) => placeholders(text).join() !== placeholders(other.get(key) ?? text).join(),
      );
      expect(differing.map(([key]) => key)).toEqual([]);
    });
  }

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
