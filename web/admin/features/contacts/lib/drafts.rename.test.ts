// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { anaWriting, kept, noteKey, replyKey } from '../test/kept-drafts';
import {
  draftsOf,
  draftsRenamed,
  keepNoteDraft,
  keepReplyDraft,
  noteDraft,
  replyDraft,
} from './drafts';

anaWriting();

const SILVA = '["","ana.silva"]';

/** What another tab sees of a change this one makes to localStorage. */
function seenElsewhere(key: string, newValue: string | null) {
  window.dispatchEvent(
    new StorageEvent('storage', { key, newValue, storageArea: window.localStorage }),
  );
}

describe('the texts of an account renamed in its own session', () => {
  it('move to the new name, in memory and on the machine, so the dashboard keeps them', () => {
    keepReplyDraft(7, 'Guten Tag, Frau Weber');
    keepNoteDraft(7, 'Called her back, wants a quote');
    window.localStorage.setItem(replyKey(9, '["","bruno"]'), '{"text":"Olá","saved":0}');

    draftsRenamed('ana', 'ana.silva');
    // The dashboard then follows the profile's new name: nothing is taken away.
    draftsOf('ana.silva');

    expect(replyDraft(7)).toBe('Guten Tag, Frau Weber');
    expect(noteDraft(7)).toBe('Called her back, wants a quote');
    expect(kept()).toEqual(
      [noteKey(7, SILVA), replyKey(9, '["","bruno"]'), replyKey(7, SILVA)].sort(),
    );
    expect(JSON.parse(window.localStorage.getItem(replyKey(7, SILVA))!)).toMatchObject({
      text: 'Guten Tag, Frau Weber',
    });
  });

  it("are not another account's to move", () => {
    keepReplyDraft(7, 'Guten Tag');
    draftsRenamed('bruno', 'bruno.costa');
    draftsOf('bruno.costa');
    expect(replyDraft(7)).toBeUndefined();
    expect(kept()).toEqual([]);
  });

  it('are followed in another tab as a move, not a removal', () => {
    // This tab is the other one: ana's reply is kept here too.
    keepReplyDraft(7, 'Guten Tag');
    const from = JSON.stringify(['', 'ana']);
    const to = JSON.stringify(['', 'ana.silva']);
    const stored = window.localStorage.getItem(replyKey(7))!;
    // What the tab where the account page saved the new name writes, in order.
    seenElsewhere('admin.contacts.draftsRenamed', JSON.stringify({ from, to }));
    seenElsewhere(replyKey(7, SILVA), stored);
    seenElsewhere(replyKey(7), null);
    seenElsewhere('admin.contacts.draftsRenamed', null);

    expect(replyDraft(7)).toBe('Guten Tag');
    // Later texts are kept under the new name, and its profile finds them there.
    keepNoteDraft(7, 'Wants a quote');
    expect(window.localStorage.getItem(noteKey(7, SILVA))).not.toBeNull();
    draftsOf('ana.silva');
    expect(replyDraft(7)).toBe('Guten Tag');
    expect(noteDraft(7)).toBe('Wants a quote');
  });
});
