import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENUINE, SPAM } from '../../../tests/support/enquiry-examples';
import { isGibberish } from './gibberish';
import { scoreEnquiry, SPAM_THRESHOLD, type SpamInput } from './spam-score';

const score = (
  example: { name: string; company?: string; message: string },
  extra: Partial<SpamInput> = {},
) => scoreEnquiry({ company: null, repeats: 0, ...example, ...extra });

describe('spam scoring', () => {
  for (const [language, examples] of Object.entries(GENUINE)) {
    it(`never files a genuine ${language} enquiry as spam, however often it is repeated`, () => {
      expect(examples.length).toBeGreaterThanOrEqual(10);
      for (const example of examples) {
        for (const repeats of [0, 3, 50]) {
          const verdict = score(example, { repeats });
          expect({ message: example.message, ...verdict }).toMatchObject({ spam: false });
        }
        // Typed by a person at the form: no fill time shorter than a few seconds.
        expect(score(example, { formMs: 25_000 }).spam).toBe(false);
      }
    });
  }

  it('scores most genuine enquiries 0 and names no reason', () => {
    const plain = Object.values(GENUINE)
      .flat()
      .filter((e) => !/https?:|www\./.test(e.message));
    for (const example of plain)
      expect(score(example)).toEqual({ score: 0, spam: false, reasons: [] });
  });

  it.each(SPAM.map((s) => [s.label, s.example] as const))('files %s as spam', (_label, example) => {
    expect(score(example).spam).toBe(true);
  });

  it.each([
    'Price for WxHxD 120x80x60?',
    'Zeichnung BxHxT: 600x400x300 mm',
    'Angebot für 2x KRC4 / 1x KRC5, SN: xKqZmPt3',
    'Orçamento para 2x LxAxP 40x30x20 cm',
    'Quote for L×W×H 2×1×1 m, part no. AB-4711-C',
  ])('files the short genuine enquiry "%s" (dimensions, codes) as genuine', (message) => {
    expect(score({ name: 'Ana Silva', message })).toEqual({ score: 0, spam: false, reasons: [] });
  });

  it('names the signals, strongest first', () => {
    expect(
      score({ name: 'x', message: 'Cheap watches here: <a href="http://x.example">click</a> now!' })
        .reasons,
    ).toEqual(['markup', 'links']);
    expect(score({ name: 'x', message: 'http://x.example/a' })).toEqual({
      score: 10,
      spam: true,
      reasons: ['url-only', 'links'],
    });
    expect(score({ name: 'Ana', message: 'Just some text here.' }, { formMs: 800 })).toEqual({
      score: 9,
      spam: false,
      reasons: ['fast'],
    });
    expect(
      score({ name: 'Ana', message: 'Same words every time.' }, { repeats: 9 }).reasons,
    ).toEqual(['repeated']);
  });

  it('weighs the phrases of unsolicited offers in any case, as whole words only', () => {
    const phrases = (message: string) =>
      score({ name: 'Ana', message }).reasons.includes('phrases')
        ? score({ name: 'Ana', message }).score
        : 0;
    expect(phrases('We offer SEO for your plant.')).toBe(4);
    expect(phrases('More Organic Traffic and BACKLINKS for you.')).toBe(7);
    expect(phrases('Our office in Seoul runs the Forexa line.')).toBe(0);
    expect(phrases('Please unsubscribe me from the newsletter.')).toBe(4);
  });

  it('files forum link markup, in any case, but not a bracketed word of prose', () => {
    const markup = (message: string) => score({ name: 'Tom', message }).reasons.includes('markup');
    for (const message of [
      'Nice post [url=http://spam.example]cheap bags[/url] thanks',
      'Nice post [URL=http://spam.example]cheap bags[/URL] thanks',
      'Look [url]http://spam.example[/url] now',
      'Look [ url ]spam.example[ / URL ] now',
      'Photos [img]http://spam.example/a.jpg[/img]',
      'Photos [img=640x480]http://spam.example/a.jpg[/img]',
      'Click [link=http://spam.example]here[/link]',
      'Click [link]spam.example[/link]',
    ])
      expect({ message, markup: markup(message) }).toEqual({ message, markup: true });
    for (const message of [
      'Our drawings are here: [link] - could you quote 20 welding cells?',
      'Our site is [URL removed by mail filter], please call us.',
      'See [img] above and the [link to PDF] below.',
      'The closing [/url] alone, or [url] and [/img], is no markup.',
    ])
      expect({ message, markup: markup(message) }).toEqual({ message, markup: false });
  });

  it('holds a fast form alone, or a link alone, below the threshold; both together are spam', () => {
    const linked = { name: 'Ana', message: 'Our site is https://www.example.pt, call us.' };
    expect(score(linked).spam).toBe(false);
    expect(score({ ...linked, message: 'Please call us back.' }, { formMs: 500 }).spam).toBe(false);
    expect(score(linked, { formMs: 500 }).spam).toBe(true);
    expect(score(linked, { formMs: 6000 }).spam).toBe(false);
  });

  it('does not count absent form timing (API clients) against anyone', () => {
    expect(score({ name: 'Ana', message: 'Please call us back.' }).score).toBe(0);
  });

  it('gives mostly non-Latin text some weight, never enough alone', () => {
    const verdict = score({ name: 'Иван', message: 'Здравствуйте, нам нужен робот для сварки.' });
    expect(verdict).toMatchObject({ spam: false, reasons: ['script'] });
  });
});

describe('gibberish', () => {
  it.each([
    'asdfghjkl',
    'sdfkjh sdkfjh skdjfh',
    'jkhkjh kjhkjh kjhkjhkjh',
    'xKqZmPt gTwLrBvC',
    'aaaaaaaa bbbbbbb',
    'qwertz uiopü asdfgh',
    'xKqZmPt gTwLrBvC, Ref. KRC4 120x80',
    'xKqZmPt3 gTwLrBvC5 vNpQsXyW7',
  ])('is what "%s" is', (text) => {
    expect(isGibberish(text)).toBe(true);
  });

  it.each([
    'Angstschweiß und Herbststurm im Arbeitsschutzschulungsraum',
    'Deutschsprachige Durchschnittswerte der Schifffahrt',
    'HTTPS, CNC, SPS, MQTT und GmbH sind Abkürzungen',
    'Strengths of the PowerPoint and McDonald iPhone LinkedIn',
    'Orçamento para manutenção preditiva, ação rápida',
    'Wertzuwachs und Hertz',
  ])('is not what "%s" is', (text) => {
    expect(isGibberish(text)).toBe(false);
  });
});

/** Ordinary prose built from everyday words of each language, with the extras real enquiries carry. */
const WORDS = {
  en: 'we need a quote for two welding robots please call me back about the new packaging line our factory in Leeds would like to automate inspection thank you kind regards'.split(
    ' ',
  ),
  pt: 'bom dia gostaríamos de pedir um orçamento para automatizar a nossa linha de produção em Braga obrigado cumprimentos podem ligar-me sobre manutenção preditiva'.split(
    ' ',
  ),
  de: 'guten Tag wir möchten ein Angebot für zwei Schweißroboter bitte rufen Sie uns wegen der neuen Verpackungslinie in Köln zurück vielen Dank mit freundlichen Grüßen'.split(
    ' ',
  ),
};

describe('docs/api.md: ordinary prose through the API is never spam', () => {
  it('holds for any sentence of everyday words, with or without a phone, a site link, a bracketed note and repetition', () => {
    const prose = fc.constantFrom('en', 'pt', 'de').chain((lang) =>
      fc.record({
        words: fc.array(fc.constantFrom(...WORDS[lang as keyof typeof WORDS]), {
          minLength: 3,
          maxLength: 60,
        }),
        phone: fc.option(fc.constantFrom('+351 912 345 678', '0711 123456', '(020) 7946 0958')),
        site: fc.option(
          fc.constantFrom(
            'https://www.example.pt',
            'www.firma-beispiel.de',
            'https://example.com/about',
          ),
        ),
        // Where a link was meant to go, or a mail filter took one out.
        note: fc.option(
          fc.constantFrom(
            '[link]',
            '[Link]',
            '[url]',
            '[img]',
            '[link to PDF]',
            '[Link zur Zeichnung]',
            '[URL removed by mail filter]',
          ),
        ),
        repeats: fc.nat(200),
      }),
    );
    fc.assert(
      fc.property(prose, ({ words, phone, site, note, repeats }) => {
        const message = [words.join(' ') + '.', note, phone, site].filter(Boolean).join(' ');
        const verdict = scoreEnquiry({ name: 'Ana Silva', company: null, message, repeats });
        return verdict.score < SPAM_THRESHOLD;
      }),
      { numRuns: 500 },
    );
  });
});
