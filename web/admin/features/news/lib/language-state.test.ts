import { describe, expect, it } from 'vitest';
import { sourceHash } from '#shared/source-hash';
import { emptyDraft, type ArticleDraft } from './article-draft';
import { isOutdated, tabState, type SavedForm } from './language-state';

const source = { title: 'Robot cell', excerpt: 'A new cell', content: 'Welding.' };
const pt = { title: 'Célula', excerpt: 'Nova', content: 'Soldadura.' };

const draft = (extra: Partial<ArticleDraft> = {}): ArticleDraft => ({
  ...emptyDraft,
  ...source,
  translations: { pt },
  states: { pt: { published: true, source_hash: sourceHash(source) } },
  ...extra,
});

describe('the state of a language tab, as the admin types', () => {
  it('is published, a draft, missing, or the source', () => {
    expect(tabState(draft(), null, 'en')).toBe('source');
    expect(tabState(draft(), null, 'pt')).toBe('done');
    expect(tabState(draft(), null, 'de')).toBe('missing');
    const kept = draft({ states: { pt: { published: false, source_hash: sourceHash(source) } } });
    expect(tabState(kept, null, 'pt')).toBe('draft');
  });

  it('turns outdated as soon as the source text changes, before anything is saved', () => {
    const edited = draft({ title: 'Robot cell, revised' });
    expect(tabState(edited, null, 'pt')).toBe('outdated');
    // Back to the text it was made from: current again. Trimming does not count.
    expect(isOutdated(draft({ title: ' Robot cell ' }), null, 'pt')).toBe(false);
  });

  it('goes by the stored flag and the source for a translation saved before hashes were kept', () => {
    const stored = draft({ states: { pt: { published: true, source_hash: null } } });
    const saved: SavedForm = { draft: stored, outdated: { pt: true } };
    expect(isOutdated(stored, saved, 'pt')).toBe(true);
    const current: SavedForm = { draft: stored, outdated: { pt: false } };
    expect(isOutdated(stored, current, 'pt')).toBe(false);
    expect(isOutdated({ ...stored, content: 'Welding, faster.' }, current, 'pt')).toBe(true);
  });
});
