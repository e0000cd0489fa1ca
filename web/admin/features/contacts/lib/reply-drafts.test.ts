// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { held } from '../../../test/llm-api';
import {
  closeReply,
  forgetReplies,
  keepReplyDraft,
  replyDraft,
  replyDraftsOf,
  sendReply,
} from './reply-drafts';

const KEY = 'admin.contacts.replyDrafts';

/** The module as a reload of the tab finds it: nothing in memory, sessionStorage as it was. */
async function reloaded() {
  vi.resetModules();
  return import('./reply-drafts');
}

beforeEach(() => replyDraftsOf('ana'));

afterEach(() => {
  forgetReplies();
  window.sessionStorage.clear();
});

describe('replies being written', () => {
  it('are kept by enquiry in the tab’s sessionStorage, so a reload finds them', async () => {
    keepReplyDraft(7, 'Guten Tag,\n\ngerne.');
    keepReplyDraft(9, 'Olá,\n\nclaro.');
    expect(JSON.parse(window.sessionStorage.getItem(KEY)!)).toEqual({
      owner: 'ana',
      texts: { 7: 'Guten Tag,\n\ngerne.', 9: 'Olá,\n\nclaro.' },
    });
    const after = await reloaded();
    after.replyDraftsOf('ana');
    expect(after.replyDraft(7)).toBe('Guten Tag,\n\ngerne.');
    expect(after.replyDraft(9)).toBe('Olá,\n\nclaro.');
  });

  it('are forgotten when written back to nothing, or their editor is closed', () => {
    keepReplyDraft(7, 'Guten Tag');
    keepReplyDraft(9, 'Olá');
    keepReplyDraft(9, null);
    expect(replyDraft(9)).toBeUndefined();
    closeReply(7);
    expect(replyDraft(7)).toBeUndefined();
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });

  it('start from nothing when what is stored cannot be read', async () => {
    window.sessionStorage.setItem(KEY, '{"7": 42, "x": "y"');
    expect((await reloaded()).replyDraft(7)).toBeUndefined();
    window.sessionStorage.setItem(KEY, '{"owner": "ana", "texts": {"7": 42}}');
    expect((await reloaded()).replyDraft(7)).toBeUndefined();
  });

  it('belong to their writer: another account signing in in the tab finds none', async () => {
    keepReplyDraft(7, 'Guten Tag, Frau Weber');
    replyDraftsOf('ana');
    expect(replyDraft(7)).toBe('Guten Tag, Frau Weber');
    replyDraftsOf('bruno');
    expect(replyDraft(7)).toBeUndefined();
    keepReplyDraft(9, 'Olá');
    const after = await reloaded();
    after.replyDraftsOf('carla');
    expect(after.replyDraft(9)).toBeUndefined();
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
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
