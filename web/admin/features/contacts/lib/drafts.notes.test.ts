// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { held } from '../../../test/llm-api';
import {
  anaWriting,
  kept,
  noteKey,
  reloaded,
  replyKey,
  writtenElsewhere,
} from '../test/kept-drafts';
import {
  addNote,
  closeReply,
  forgetDrafts,
  keepNoteDraft,
  keepReplyDraft,
  noteDraft,
  replyDraft,
  DRAFT_MAX_AGE_MS,
  draftsOf,
} from './drafts';

anaWriting();

describe('notes written and not added', () => {
  it('are kept by writer and enquiry on the machine, apart from the reply, so a reload finds them', async () => {
    keepNoteDraft(7, 'Kunde ruft Montag an');
    keepReplyDraft(7, 'Guten Tag,\n\ngerne.');
    expect(JSON.parse(window.localStorage.getItem(noteKey(7))!)).toMatchObject({
      text: 'Kunde ruft Montag an',
    });
    expect(kept()).toEqual([noteKey(7), replyKey(7)]);
    const after = await reloaded({ closed: true });
    after.draftsOf('ana');
    expect(after.noteDraft(7)).toBe('Kunde ruft Montag an');
    expect(after.replyDraft(7)).toBe('Guten Tag,\n\ngerne.');
  });

  it('leave the replies kept before notes were kept where they were, still read', async () => {
    // As a dashboard of before this change left them on the machine.
    window.localStorage.setItem(
      replyKey(7),
      JSON.stringify({ text: 'Guten Tag, Frau Weber', saved: Date.now() }),
    );
    const after = await reloaded({ closed: true });
    after.draftsOf('ana');
    expect(after.replyDraft(7)).toBe('Guten Tag, Frau Weber');
    expect(after.noteDraft(7)).toBeUndefined();
    expect(kept()).toEqual([replyKey(7)]);
  });

  it('stay when the reply editor is closed and its reply discarded', () => {
    keepNoteDraft(7, 'Kunde ruft Montag an');
    keepReplyDraft(7, 'Guten Tag');
    closeReply(7);
    expect(replyDraft(7)).toBeUndefined();
    expect(noteDraft(7)).toBe('Kunde ruft Montag an');
    expect(kept()).toEqual([noteKey(7)]);
  });

  it('are forgotten when written back to nothing', () => {
    keepNoteDraft(7, 'Kunde ruft Montag an');
    keepNoteDraft(7, null);
    expect(noteDraft(7)).toBeUndefined();
    expect(kept()).toEqual([]);
  });

  it('are forgotten once added, unless changed while the note was on its way', async () => {
    keepNoteDraft(7, 'Kunde ruft Montag an');
    expect(await addNote(7, 'Kunde ruft Montag an', () => Promise.resolve())).toBe(true);
    expect(noteDraft(7)).toBeUndefined();
    expect(kept()).toEqual([]);

    keepNoteDraft(9, 'Olá');
    const answer = held<void>();
    const added = addNote(9, 'Olá', () => answer.promise);
    keepNoteDraft(9, 'Olá, e mais uma coisa');
    answer.release();
    expect(await added).toBe(true);
    expect(noteDraft(9)).toBe('Olá, e mais uma coisa');
  });

  it('are added once: another add while one is on its way is refused; a failed one is kept', async () => {
    keepNoteDraft(7, 'Kunde ruft Montag an');
    const answer = held<void>();
    const post = vi.fn(() => answer.promise.then(() => Promise.reject(new Error('offline'))));
    const first = addNote(7, 'Kunde ruft Montag an', post);
    expect(await addNote(7, 'Kunde ruft Montag an', post)).toBe(false);
    expect(post).toHaveBeenCalledOnce();
    answer.release();
    expect(await first).toBe(false);
    expect(noteDraft(7)).toBe('Kunde ruft Montag an');
  });

  it('are all forgotten on the machine at a sign-out', async () => {
    keepNoteDraft(7, 'Kunde ruft Montag an');
    window.localStorage.setItem(noteKey(9, '["","bruno"]'), '{"text":"Olá","saved":0}');
    forgetDrafts();
    expect(noteDraft(7)).toBeUndefined();
    expect(kept()).toEqual([]);
    const after = await reloaded({ closed: true });
    after.draftsOf('ana');
    expect(after.noteDraft(7)).toBeUndefined();
  });

  it('belong to their writer: another account signing in finds none', async () => {
    keepNoteDraft(7, 'Kunde ruft Montag an');
    draftsOf('bruno');
    expect(noteDraft(7)).toBeUndefined();
    keepNoteDraft(9, 'Olá');
    const after = await reloaded({ closed: true });
    after.draftsOf('carla');
    expect(after.noteDraft(9)).toBeUndefined();
    expect(kept()).toEqual([]);
  });

  it('are forgotten when left untouched for a week, at the next start', async () => {
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now - DRAFT_MAX_AGE_MS - 1);
    keepNoteDraft(7, 'Kunde ruft Montag an');
    vi.spyOn(Date, 'now').mockReturnValue(now - DRAFT_MAX_AGE_MS + 60_000);
    keepNoteDraft(9, 'Olá');
    vi.spyOn(Date, 'now').mockReturnValue(now);
    const after = await reloaded({ closed: true });
    after.draftsOf('ana');
    expect(after.noteDraft(7)).toBeUndefined();
    expect(after.noteDraft(9)).toBe('Olá');
    expect(kept()).toEqual([noteKey(9)]);
  });

  it('follow what another tab writes or adds, without touching the reply', () => {
    keepReplyDraft(7, 'Guten Tag');
    writtenElsewhere(noteKey(7), 'Kunde ruft Montag an');
    expect(noteDraft(7)).toBe('Kunde ruft Montag an');
    writtenElsewhere(noteKey(7), null);
    expect(noteDraft(7)).toBeUndefined();
    expect(replyDraft(7)).toBe('Guten Tag');
  });
});
