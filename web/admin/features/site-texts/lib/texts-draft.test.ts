import { describe, expect, it } from 'vitest';
import { createI18n, toResources } from '#shared/i18n';
import type { SiteText } from '#shared/site-texts';
import de from '../../../../../locales/de.json';
import en from '../../../../../locales/en.json';
import pt from '../../../../../locales/pt.json';
import {
  changedValues,
  draftAfterSave,
  draftsAfterSave,
  editsAfterSave,
  openedFor,
  versionsFor,
  withChanged,
  keyLabel,
  matching,
  missingTranslations,
  textsByGroup,
} from './texts-draft';

const VERSION = '2026-01-05T10:00:00.000Z';
const LATER = '2026-01-06T08:30:00.000Z';
const LATEST = '2026-01-06T09:00:00.000Z';
const text = (key: string, values: SiteText['values'] = {}): SiteText => ({
  key,
  defaults: { en: `${key} en`, pt: `${key} pt`, de: `${key} de` },
  values,
  versions: Object.fromEntries(Object.keys(values).map((l) => [l, VERSION])),
});

describe('unsaved site texts', () => {
  it('send a text for a changed field, null for an emptied one, nothing for one typed back', () => {
    const texts = [text('home.hero.title', { en: 'Saved' }), text('footer.blurb', { de: 'Alt' })];
    expect(
      changedValues(texts, {
        'home.hero.title': { en: ' Saved ', pt: 'Novo' },
        'footer.blurb': { de: '  ' },
      }),
    ).toEqual({ 'home.hero.title': { pt: 'Novo' }, 'footer.blurb': { de: null } });
  });

  it('after a save, keep only what was typed since it was sent, and the drafts not saved', () => {
    const sent = { 'home.hero.title': { en: 'Robots', pt: 'Robôs' } };
    expect(
      editsAfterSave(
        {
          'home.hero.title': { en: 'Robots', pt: 'Robôs que se pagam' },
          'footer.blurb': { de: 'Neu' },
        },
        sent,
      ),
    ).toEqual({ 'home.hero.title': { pt: 'Robôs que se pagam' }, 'footer.blurb': { de: 'Neu' } });
    expect(
      draftsAfterSave(
        new Map([
          ['home.hero.title.pt', 'Robôs'],
          ['home.hero.title.de', 'Roboter'],
        ]),
        sent,
      ),
    ).toEqual(new Map([['home.hero.title.de', 'Roboter']]));
  });

  it('name the version each field began from, kept until it is saved, then the one it saved', () => {
    const saved = [text('home.hero.title', { en: 'Saved' }), text('footer.blurb')];
    const opened = openedFor(saved, { 'home.hero.title': { en: 'Mine', pt: 'Meu' } }, {});
    expect(opened).toEqual({ 'home.hero.title': { en: VERSION, pt: null } });
    // Read again with a colleague's text: the field still began from the version it was opened at.
    const theirs = withChanged(saved, [
      { key: 'home.hero.title', language: 'en', value: 'Theirs', updated_at: LATER },
    ]);
    expect(theirs[0]).toMatchObject({ values: { en: 'Theirs' }, versions: { en: LATER } });
    const edits = { 'home.hero.title': { en: 'Mine', pt: 'Meu' }, 'footer.blurb': { de: 'Neu' } };
    const next = openedFor(theirs, edits, opened);
    expect(next).toEqual({
      'home.hero.title': { en: VERSION, pt: null },
      'footer.blurb': { de: null },
    });
    const values = changedValues(theirs, edits);
    expect(versionsFor(values, next)).toEqual(next);

    // Saved: a field typed in since begins from this save's version; one left alone has none.
    const after = draftAfterSave(
      { edits: { ...edits, 'home.hero.title': { en: 'Mine, again', pt: 'Meu' } }, opened: next },
      edits,
      values,
      withChanged(theirs, [
        { key: 'home.hero.title', language: 'en', value: 'Mine', updated_at: LATEST },
        { key: 'home.hero.title', language: 'pt', value: 'Meu', updated_at: LATEST },
        { key: 'footer.blurb', language: 'de', value: 'Neu', updated_at: LATEST },
      ]),
    );
    expect(after).toEqual({
      edits: { 'home.hero.title': { en: 'Mine, again' } },
      opened: { 'home.hero.title': { en: LATEST } },
    });
  });

  it('ask the model once per source language, from the admin’s language where it has a text', () => {
    const texts = [
      text('home.hero.title', { en: 'Headline', de: 'Überschrift' }),
      text('home.hero.subtitle', { pt: 'Subtítulo' }),
      text('home.hero.primary'),
      text('home.hero.secondary', { en: 'a', pt: 'b', de: 'c' }),
    ];
    expect(missingTranslations(texts, {}, 'de')).toEqual([
      { from: 'de', to: ['pt'], texts: { 'home.hero.title': 'Überschrift' } },
      { from: 'pt', to: ['en', 'de'], texts: { 'home.hero.subtitle': 'Subtítulo' } },
    ]);
  });

  it('are grouped by where they appear, found by any of their texts, and named readably', () => {
    const texts = [text('footer.blurb'), text('home.hero.title'), text('contact.details.hours')];
    expect(textsByGroup(texts).map((g) => g.id)).toEqual(['hero', 'hours', 'footer']);
    expect(matching(texts, 'HOURS DE').map((x) => x.key)).toEqual(['contact.details.hours']);
  });

  it('are named in the admin’s language, a part without a word as written', () => {
    const { t } = createI18n('de', toResources({ en, pt, de }));
    expect(keyLabel('home.services.ai.title', t)).toBe('KI-Software › Titel');
    expect(keyLabel('contact.details.phoneLabel', t)).toBe('Bezeichnung des Telefons');
    expect(keyLabel('contact.title', t)).toBe('Titel');
    expect(keyLabel('home.hero.newPart', t)).toBe('New part');
    const english = createI18n('en', toResources({ en, pt, de })).t;
    expect(keyLabel('home.hero.subtitle', english)).toBe('Subtitle');
  });
});
