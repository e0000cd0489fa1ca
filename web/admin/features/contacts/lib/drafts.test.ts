// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { held } from '../../../test/llm-api';
import { anaWriting, kept, reloaded, replyKey as key, writtenElsewhere } from '../test/kept-drafts';
import {
  closeReply,
  forgetDrafts,
  keepReplyDraft,
  replyDraft,
  DRAFT_MAX_AGE_MS,
  draftsOf,
  sendReply,
} from './drafts';

anaWriting();

describe('replies being written', () => {
  it('are kept by writer and enquiry on the machine, so a reload or a closed window finds them', async () => {
    keepReplyDraft(7, 'Guten Tag,\n\ngerne.');
    keepReplyDraft(9, 'Olá,\n\nclaro.');
    expect(JSON.parse(window.localStorage.getItem(key(7))!)).toMatchObject({
      text: 'Guten Tag,\n\ngerne.',
    });
    expect(kept()).toEqual([key(7), key(9)]);
    const after = await reloaded({ closed: true });
    after.draftsOf('ana');
    expect(after.replyDraft(7)).toBe('Guten Tag,\n\ngerne.');
    expect(after.replyDraft(9)).toBe('Olá,\n\nclaro.');
  });

  it('are all forgotten on the machine at a sign-out', async () => {
    keepReplyDraft(7, 'Guten Tag, Frau Weber');
    window.localStorage.setItem(key(9, '["","bruno"]'), '{"text":"Olá","saved":0}');
    forgetDrafts();
    expect(replyDraft(7)).toBeUndefined();
    expect(kept()).toEqual([]);
    const after = await reloaded({ closed: true });
    after.draftsOf('ana');
    expect(after.replyDraft(7)).toBeUndefined();
  });

  it('are forgotten when left untouched for a week, at the next start', async () => {
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now - DRAFT_MAX_AGE_MS - 1);
    keepReplyDraft(7, 'Guten Tag');
    vi.spyOn(Date, 'now').mockReturnValue(now - DRAFT_MAX_AGE_MS + 60_000);
    keepReplyDraft(9, 'Olá');
    vi.spyOn(Date, 'now').mockReturnValue(now);
    const after = await reloaded({ closed: true });
    after.draftsOf('ana');
    expect(after.replyDraft(7)).toBeUndefined();
    expect(after.replyDraft(9)).toBe('Olá');
    expect(kept()).toEqual([key(9)]);
  });

  it('in the desktop app, belong to the server they were written on', async () => {
    let app = await reloaded({ closed: true });
    app.draftsOn('https://www.forge.example');
    app.draftsOf('ana');
    app.keepReplyDraft(7, 'Guten Tag, Frau Weber');
    // The app on another server: its enquiry 7 is someone else's.
    app = await reloaded({ closed: true });
    app.draftsOn('https://staging.forge.example');
    app.draftsOf('ana');
    expect(app.replyDraft(7)).toBeUndefined();
    expect(kept()).toEqual([]);
  });

  it('are taken over from the tab’s sessionStorage, where they were kept before', async () => {
    window.sessionStorage.setItem(
      'admin.contacts.replyDrafts',
      JSON.stringify({ owner: 'ana', texts: { 7: 'Guten Tag' } }),
    );
    const after = await reloaded();
    after.draftsOf('ana');
    expect(after.replyDraft(7)).toBe('Guten Tag');
    expect(kept()).toEqual([key(7)]);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('follow what another tab writes, sends or discards', () => {
    writtenElsewhere(key(7), 'Guten Tag');
    expect(replyDraft(7)).toBe('Guten Tag');
    writtenElsewhere(key(7), null);
    expect(replyDraft(7)).toBeUndefined();
    writtenElsewhere(key(9, '["","bruno"]'), 'Olá');
    expect(replyDraft(9)).toBeUndefined();
  });

  it('are forgotten when written back to nothing, or their editor is closed', () => {
    keepReplyDraft(7, 'Guten Tag');
    keepReplyDraft(9, 'Olá');
    keepReplyDraft(9, null);
    expect(replyDraft(9)).toBeUndefined();
    closeReply(7);
    expect(replyDraft(7)).toBeUndefined();
    expect(kept()).toEqual([]);
  });

  it('start from nothing when what is stored cannot be read', async () => {
    window.localStorage.setItem(key(7), '{"text": 42');
    window.localStorage.setItem(key(9), '{"text": 42, "saved": 0}');
    window.sessionStorage.setItem(
      'admin.contacts.replyDrafts',
      '{"owner": "ana", "texts": {"8": 4',
    );
    const after = await reloaded();
    after.draftsOf('ana');
    expect([7, 8, 9].map(after.replyDraft)).toEqual([undefined, undefined, undefined]);
    expect(kept()).toEqual([]);
  });

  it('belong to their writer: another account signing in in the tab finds none', async () => {
    keepReplyDraft(7, 'Guten Tag, Frau Weber');
    draftsOf('ana');
    expect(replyDraft(7)).toBe('Guten Tag, Frau Weber');
    draftsOf('bruno');
    expect(replyDraft(7)).toBeUndefined();
    keepReplyDraft(9, 'Olá');
    const after = await reloaded({ closed: true });
    after.draftsOf('carla');
    expect(after.replyDraft(9)).toBeUndefined();
    expect(kept()).toEqual([]);
  });

  it('are sent once: another send while one is on its way is refused, the text sent then forgotten', async () => {
    keepReplyDraft(7, 'Guten Tag');
    const answer = held<void>();
    const post = vi.fn(() => answer.promise);
    const first = sendReply(7, 'Guten Tag', post);
    expect(await sendReply(7, 'Guten Tag', post)).toBe(false);
    expect(post).toHaveBeenCalledOnce();
    answer.release();
    expect(await first).toBe(true);
    expect(replyDraft(7)).toBeUndefined();
  });

  it('keep what was typed while a reply was on its way', async () => {
    keepReplyDraft(9, 'Olá');
    const answer = held<void>();
    const sent = sendReply(9, 'Olá', () => answer.promise);
    keepReplyDraft(9, 'Olá, e mais uma coisa');
    answer.release();
    expect(await sent).toBe(true);
    expect(replyDraft(9)).toBe('Olá, e mais uma coisa');
  });
});
