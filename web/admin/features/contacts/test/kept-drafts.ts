import { afterEach, beforeEach, vi } from 'vitest';
import { draftsOf, forgetDrafts } from '../lib/drafts';

/**
 * Hooks for a test file of the drafts store (lib/drafts.ts): ana is signed
 * in to a browser's dashboard before each test; after it, every text is
 * forgotten, in memory and on the machine, and spies are taken down.
 */
export function anaWriting(): void {
  beforeEach(() => draftsOf('ana'));
  afterEach(() => {
    forgetDrafts();
    window.localStorage.clear();
    window.sessionStorage.clear();
    vi.restoreAllMocks();
  });
}

/** Where a browser's dashboard keeps ana's (or `writer`'s) reply to an enquiry. */
export const replyKey = (id: number, writer = '["","ana"]') =>
  `admin.contacts.replyDraft:${encodeURIComponent(writer)}:${id}`;
/** Where a browser's dashboard keeps ana's (or `writer`'s) note to an enquiry. */
export const noteKey = (id: number, writer = '["","ana"]') =>
  `admin.contacts.noteDraft:${encodeURIComponent(writer)}:${id}`;

/** Every text kept on the machine, reply or note, by its key in order. */
export const kept = () =>
  Object.keys(window.localStorage)
    .filter((k) => k.startsWith('admin.contacts.'))
    .sort();

/**
 * The store as the next page finds it: nothing in memory, localStorage as it
 * was. A closed tab or desktop window also takes its sessionStorage along.
 */
export async function reloaded({ closed = false } = {}) {
  if (closed) window.sessionStorage.clear();
  vi.resetModules();
  return import('../lib/drafts');
}

/** Another tab of the dashboard keeps `text` under `key`, or removes it (null). */
export const writtenElsewhere = (key: string, text: string | null) =>
  window.dispatchEvent(
    new StorageEvent('storage', {
      key,
      newValue: text === null ? null : JSON.stringify({ text, saved: Date.now() }),
      storageArea: window.localStorage,
    }),
  );
