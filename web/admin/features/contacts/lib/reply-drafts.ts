import { useSyncExternalStore } from 'react';
import { z } from 'zod';

/**
 * Replies being written, by enquiry: which cards have their reply editor
 * open, and the text not sent yet. Kept here rather than in the card, so a
 * card that leaves the list shown (taken by its writer off "Assigned to:
 * Nobody", no longer due soon, pushed to the next page by a new enquiry)
 * takes neither with it; the texts are also kept in sessionStorage, so a
 * reload of the tab keeps them. A text is forgotten once sent, or when its
 * editor is closed and the writer agrees to discard it. The texts belong to
 * the account that wrote them (`replyDraftsOf`): a sign-out forgets them, and
 * so does another account signing in in the same tab.
 *
 * A reply on its way is kept here too (`sendReply`), so every card of its
 * enquiry, including one drawn again while it travels (moved above the
 * list or back, the list asked again), shows it being sent and refuses to
 * send it a second time; and where the writer was in the text when the card
 * was taken down (`leaveReply`), for the card drawn in its place.
 */

const STORAGE_KEY = 'admin.contacts.replyDrafts';
const StoredDrafts = z.object({
  owner: z.string().min(1),
  texts: z.record(z.string().regex(/^[1-9]\d*$/), z.string()),
});

let drafts: Map<number, string> | null = null;
/** The account (its username) whose texts these are; null until one signs in. */
let owner: string | null = null;
let open: readonly number[] = [];
/** A reply on its way, or the failure of the last one sent (until the next, or a new draft). */
export type ReplySend = { state: 'sending' } | { state: 'failed'; error: unknown };
const sends = new Map<number, ReplySend>();
/** Where the writer was in a reply's text when its card was taken down with the focus in it. */
let caret: { id: number; start: number; end: number } | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // No storage (privacy settings): the texts last as long as the page.
  }
}

function stored(): Map<number, string> {
  if (drafts) return drafts;
  drafts = new Map();
  try {
    const saved = storage()?.getItem(STORAGE_KEY);
    const parsed = saved ? StoredDrafts.safeParse(JSON.parse(saved)) : null;
    if (parsed?.success) {
      owner = parsed.data.owner;
      for (const [id, text] of Object.entries(parsed.data.texts)) drafts.set(Number(id), text);
    }
  } catch {
    // Unreadable: start without drafts.
  }
  return drafts;
}

function save(): void {
  try {
    const all = stored();
    if (all.size === 0 || owner === null) storage()?.removeItem(STORAGE_KEY);
    else {
      const texts = Object.fromEntries(all);
      storage()?.setItem(STORAGE_KEY, JSON.stringify({ owner, texts }));
    }
  } catch {
    // Full or refused: the text is still kept for as long as the page is open.
  }
}

const changed = () => listeners.forEach((listener) => listener());

/** The unsent reply to an enquiry, if one is being written. */
export const replyDraft = (id: number): string | undefined => stored().get(id);

/** Keeps the reply being written to an enquiry; `null` when there is nothing to keep. */
export function keepReplyDraft(id: number, text: string | null): void {
  if (text === null) {
    if (!stored().delete(id)) return;
  } else {
    if (stored().get(id) === text) return;
    stored().set(id, text);
  }
  save();
  changed();
}

/** Opens the reply editor of an enquiry's card. */
export function openReply(id: number): void {
  if (open.includes(id)) return;
  open = [...open, id];
  changed();
}

/**
 * Sends the reply to an enquiry with `post`, unless one is on its way already
 * (false then). Until it settles, every card of the enquiry shows it being
 * sent. Once it arrived, the text sent is no longer a draft (what was typed
 * meanwhile stays), and true is answered; a failure is kept for the card to
 * show (`useReplySend`).
 */
export async function sendReply(
  id: number,
  text: string,
  post: () => Promise<unknown>,
): Promise<boolean> {
  if (sends.get(id)?.state === 'sending') return false;
  const mine: ReplySend = { state: 'sending' };
  sends.set(id, mine);
  changed();
  try {
    await post();
  } catch (error) {
    if (sends.get(id) === mine) {
      sends.set(id, { state: 'failed', error });
      changed();
    }
    return false;
  }
  if (sends.get(id) !== mine) return false; // Forgotten meanwhile (a sign-out).
  sends.delete(id);
  if (replyDraft(id) === text) keepReplyDraft(id, null);
  changed();
  return true;
}

/** Forgets why the last reply to an enquiry could not be sent (a new draft replaced it). */
export function dismissReplyFailure(id: number): void {
  if (sends.get(id)?.state !== 'failed') return;
  sends.delete(id);
  changed();
}

/** The reply editor of an enquiry is taken down with the focus in its text, the caret there. */
export function leaveReply(id: number, start: number, end: number): void {
  caret = { id, start, end };
}

/** Where the writer was in the reply to an enquiry, for the editor drawn in place of one taken down. */
export function returnToReply(id: number): { start: number; end: number } | null {
  const kept = caret?.id === id ? caret : null;
  caret = null;
  return kept;
}

/** Closes the reply editor of an enquiry's card, and forgets what was written in it. */
export function closeReply(id: number): void {
  keepReplyDraft(id, null);
  if (caret?.id === id) caret = null;
  dismissReplyFailure(id);
  if (!open.includes(id)) return;
  open = open.filter((x) => x !== id);
  changed();
}

/** Forgets every reply being written, open or kept (a sign-out). */
export function forgetReplies(): void {
  drafts = new Map();
  save();
  open = [];
  sends.clear();
  caret = null;
  changed();
}

/**
 * The account signed in now. What another account was writing in this tab
 * (its session ended, and a colleague signed in) is forgotten: an unsent
 * reply holds a visitor's details and its writer's name.
 */
export function replyDraftsOf(username: string): void {
  stored();
  if (owner === username) return;
  owner = username;
  forgetReplies();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The unsent reply to an enquiry as it changes, if one is being written. */
export const useReplyDraft = (id: number): string | undefined =>
  useSyncExternalStore(subscribe, () => replyDraft(id));

/** The enquiries whose reply editor is open, in the order they were opened. */
export const useOpenReplies = (): readonly number[] => useSyncExternalStore(subscribe, () => open);

/** The reply to an enquiry on its way, or why it could not be sent, as it changes. */
export const useReplySend = (id: number): ReplySend | undefined =>
  useSyncExternalStore(subscribe, () => sends.get(id));
