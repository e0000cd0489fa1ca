import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import {
  KINDS,
  RENAMED_KEY,
  SESSION_KEY,
  keptKeys,
  keyOf,
  parseDraft,
  parseKey,
  storage,
  type Kind,
} from './draft-storage';
import { followOtherTabs, type OtherTabChange } from './follow-other-tabs';

/**
 * Replies and notes being written, by enquiry: which cards have their reply
 * editor open, and the texts not sent (a reply) or not added (a note for
 * colleagues) yet. Kept here rather than in the card, so a card that leaves
 * the list shown (taken by its writer off "Assigned to: Nobody", no longer
 * due soon, pushed to the next page by a new enquiry), a card closed, or a
 * move to another admin page or tab takes none with it. The texts are also
 * kept in localStorage (draft-storage.ts), one entry per kind, writer and
 * enquiry, so a reload, a closed tab or a closed desktop window keeps them
 * (and the dashboard's other tabs follow them, follow-other-tabs.ts):
 * neither form asks before the page is left (useLeaveGuard), as nothing in
 * them is lost. A reply is forgotten
 * once sent, or when its editor is closed and the writer agrees to discard
 * it; a note once added, or when its text is written back to nothing (a
 * card closed keeps it). A reply whose enquiry a colleague moved to the
 * spam folder or deleted is kept too (`useReplyDrafts`: OpenReplies lists
 * it, to copy or discard), and a move to spam made from this page is
 * remembered (`movingToSpam`) so that its note does not blame a colleague.
 *
 * An unsent reply holds a visitor's details and its writer's name (a note,
 * what the team knows of the visitor), so the texts belong to the account that wrote them (`draftsOf`), on the
 * server it wrote them on (`draftsOn`: the desktop app can change
 * server, a browser's dashboard is its server's): a sign-out forgets every
 * text kept on the machine, another account signing in (or the app on
 * another server) forgets the others', the account renamed on its account
 * page takes its own along (`draftsRenamed`), and a text left untouched for
 * DRAFT_MAX_AGE_MS is forgotten when the dashboard next starts.
 *
 * A reply on its way is kept here too (`sendReply`; a note, `addNote`), so
 * every card of its enquiry, including one drawn again while it travels
 * (moved above the list or back, the list asked again), shows it being sent
 * and refuses to send it a second time; and where the writer was in the text when the card
 * was taken down (`leaveReply`), for the card drawn in its place.
 */

export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SessionDrafts = z.object({
  owner: z.string().min(1),
  texts: z.record(z.string().regex(/^[1-9]\d*$/), z.string()),
});

const none = (): Record<Kind, Map<number, string>> => ({ reply: new Map(), note: new Map() });
let drafts = none();
/** The server the enquiries are on: '' in a browser, whose dashboard is its server's. */
let server = '';
/** The writer (server and username) whose texts these are; null until one signs in. */
let owner: string | null = null;
let open: readonly number[] = [];
/** A reply (note) on its way, or the failure of the last one sent (until the next, or a new draft). */
export type ReplySend = { state: 'sending' } | { state: 'failed'; error: unknown };
const sends: Record<Kind, Map<number, ReplySend>> = { reply: new Map(), note: new Map() };
const clearSends = () => KINDS.forEach((kind) => sends[kind].clear());
/** Where the writer was in a reply's text when its card was taken down with the focus in it. */
let caret: { id: number; start: number; end: number } | null = null;
/** The enquiries with a reply kept, in id order (a new array only when they change). */
let drafted: readonly number[] = [];
/** Enquiries the writer moved to the spam folder from this page (their kept reply says so). */
let spammedHere = new Set<number>();
const listeners = new Set<() => void>();

/** The texts `writer` kept; every other writer's, and those left too long, are removed. */
function load(writer: string): Record<Kind, Map<number, string>> {
  const found = none();
  try {
    const store = storage();
    if (!store) return found;
    for (const key of keptKeys(store)) {
      const kept = parseKey(key);
      const draft = kept?.writer === writer ? parseDraft(store.getItem(key)) : null;
      if (kept && draft && Date.now() - draft.saved < DRAFT_MAX_AGE_MS)
        found[kept.kind].set(kept.id, draft.text);
      else store.removeItem(key);
    }
  } catch {
    // Unreadable: start without drafts.
  }
  return found;
}

/** The replies `username` was writing in this tab when they were kept in its sessionStorage. */
function fromSession(username: string): [number, string][] {
  try {
    const session = storage('sessionStorage');
    const saved = session?.getItem(SESSION_KEY);
    if (!saved) return [];
    session?.removeItem(SESSION_KEY);
    const parsed = SessionDrafts.safeParse(JSON.parse(saved));
    if (!parsed.success || parsed.data.owner !== username) return [];
    return Object.entries(parsed.data.texts).map(([id, text]) => [Number(id), text]);
  } catch {
    return [];
  }
}

/** Keeps (or, with null, removes) the writer's reply or note to an enquiry on the machine. */
function save(kind: Kind, id: number, text: string | null): void {
  if (owner === null) return;
  try {
    const key = keyOf(kind, owner, id);
    if (text === null) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify({ text, saved: Date.now() }));
  } catch {
    // Full or refused: the text is still kept for as long as the page is open.
  }
}

const changed = () => {
  const now = [...drafts.reply.keys()].sort((a, b) => a - b);
  if (now.join() !== drafted.join()) drafted = now;
  listeners.forEach((listener) => listener());
};

/** The unsent reply to an enquiry, if one is being written. */
export const replyDraft = (id: number): string | undefined => drafts.reply.get(id);

/** The note to an enquiry written and not added, if one is. */
export const noteDraft = (id: number): string | undefined => drafts.note.get(id);

/** Holds (or, with null, lets go of) a text in memory; false when that changes nothing. */
function hold(kind: Kind, id: number, text: string | null): boolean {
  if (text === null) return drafts[kind].delete(id);
  if (drafts[kind].get(id) === text) return false;
  drafts[kind].set(id, text);
  return true;
}

function keepDraft(kind: Kind, id: number, text: string | null): void {
  if (!hold(kind, id, text)) return;
  save(kind, id, text);
  changed();
}

/** Keeps the reply being written to an enquiry; `null` when there is nothing to keep. */
export const keepReplyDraft = (id: number, text: string | null): void =>
  keepDraft('reply', id, text);

/** Keeps the note being written to an enquiry; `null` when there is nothing to keep. */
export const keepNoteDraft = (id: number, text: string | null): void => keepDraft('note', id, text);

/** Opens the reply editor of an enquiry's card. */
export function openReply(id: number): void {
  if (open.includes(id)) return;
  open = [...open, id];
  changed();
}

async function send(
  kind: Kind,
  id: number,
  text: string,
  post: () => Promise<unknown>,
): Promise<boolean> {
  if (sends[kind].get(id)?.state === 'sending') return false;
  const mine: ReplySend = { state: 'sending' };
  sends[kind].set(id, mine);
  changed();
  try {
    await post();
  } catch (error) {
    if (sends[kind].get(id) === mine) {
      sends[kind].set(id, { state: 'failed', error });
      changed();
    }
    return false;
  }
  if (sends[kind].get(id) !== mine) return false; // Forgotten meanwhile (a sign-out).
  sends[kind].delete(id);
  if (drafts[kind].get(id) === text) keepDraft(kind, id, null);
  changed();
  return true;
}

/**
 * Sends the reply to an enquiry with `post`, unless one is on its way already
 * (false then). Until it settles, every card of the enquiry shows it being
 * sent. Once it arrived, the text sent is no longer a draft (what was typed
 * meanwhile stays), and true is answered; a failure is kept for the card to
 * show (`useReplySend`).
 */
export const sendReply = (id: number, text: string, post: () => Promise<unknown>) =>
  send('reply', id, text, post);

/** Adds the note to an enquiry with `post`, as `sendReply` sends a reply (`useNoteAdd`). */
export const addNote = (id: number, text: string, post: () => Promise<unknown>) =>
  send('note', id, text, post);

/** Forgets why the last reply to an enquiry could not be sent (a new draft replaced it). */
export function dismissReplyFailure(id: number): void {
  if (sends.reply.get(id)?.state !== 'failed') return;
  sends.reply.delete(id);
  changed();
}

/** The writer moves an enquiry to the spam folder from here (not a colleague). */
export function movingToSpam(id: number): void {
  spammedHere.add(id);
}

/** True when the writer moved the enquiry to the spam folder from this page. */
export const movedToSpamHere = (id: number): boolean => spammedHere.has(id);

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

/** Closes the reply editor of an enquiry's card, and forgets the reply written in it (not the note). */
export function closeReply(id: number): void {
  keepReplyDraft(id, null);
  if (caret?.id === id) caret = null;
  dismissReplyFailure(id);
  if (!open.includes(id)) return;
  open = open.filter((x) => x !== id);
  changed();
}

/** Forgets every reply and note being written, open or kept on the machine, whoever wrote it (a sign-out). */
export function forgetDrafts(): void {
  drafts = none();
  try {
    const store = storage();
    if (store) for (const key of keptKeys(store)) store.removeItem(key);
    storage('sessionStorage')?.removeItem(SESSION_KEY);
  } catch {
    // Refused: nothing was kept either.
  }
  open = [];
  clearSends();
  caret = null;
  spammedHere = new Set();
  changed();
}

/**
 * The server the dashboard works with, before anyone signs in: the desktop
 * app's (enquiry 7 on one server is not enquiry 7 on another); a browser's
 * dashboard, on its server's own origin, needs none.
 */
export function draftsOn(url: string): void {
  server = url;
}

/**
 * The account signed in now: its texts are taken up from the machine. What
 * another account was writing here (its session ended, and a colleague
 * signed in), or the same one on another server, is forgotten.
 */
export function draftsOf(username: string): void {
  const writer = JSON.stringify([server, username]);
  if (owner === writer) return;
  owner = writer;
  open = [];
  clearSends();
  caret = null;
  spammedHere = new Set();
  drafts = load(writer);
  for (const [id, text] of fromSession(username)) {
    if (drafts.reply.has(id)) continue;
    drafts.reply.set(id, text);
    save('reply', id, text);
  }
  followOtherTabs(fromOtherTab);
  changed();
}

/**
 * The signed-in account was renamed, in this session (the account page):
 * its texts are the same writer's under the new name, so they move to it,
 * in memory and on the machine, and the other tabs follow the move
 * (`RENAMED_KEY`) rather than a removal. Nothing happens when the texts
 * held are not `from`'s.
 */
export function draftsRenamed(from: string, to: string): void {
  const before = JSON.stringify([server, from]);
  const after = JSON.stringify([server, to]);
  if (owner !== before || before === after) return;
  owner = after;
  try {
    const store = storage();
    if (!store) return;
    // First, so another tab reads the moves that follow as its own writer's texts.
    store.setItem(RENAMED_KEY, JSON.stringify({ from: before, to: after }));
    for (const key of keptKeys(store)) {
      const kept = parseKey(key);
      const value = store.getItem(key);
      if (kept?.writer !== before || value === null) continue;
      store.setItem(keyOf(kept.kind, after, kept.id), value);
      store.removeItem(key);
    }
    store.removeItem(RENAMED_KEY);
  } catch {
    // Refused: the texts stay in memory under the new name for as long as the page is open.
  }
}

/** What another tab did to the texts kept on the machine, followed here for the writer's own. */
function fromOtherTab(change: OtherTabChange): void {
  if (change === 'cleared') {
    if (KINDS.every((kind) => drafts[kind].size === 0)) return;
    drafts = none();
    return changed();
  }
  if ('renamed' in change) {
    if (change.renamed.from === owner) owner = change.renamed.to;
    return;
  }
  if (change.writer === owner && hold(change.kind, change.id, change.text)) changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The unsent reply to an enquiry as it changes, if one is being written. */
export const useReplyDraft = (id: number): string | undefined =>
  useSyncExternalStore(subscribe, () => replyDraft(id));

/** The note to an enquiry written and not added as it changes, if one is. */
export const useNoteDraft = (id: number): string | undefined =>
  useSyncExternalStore(subscribe, () => noteDraft(id));

/**
 * The enquiries with a reply kept, open or not: one whose enquiry went to
 * the spam folder or was deleted stays reachable by it (OpenReplies).
 */
export const useReplyDrafts = (): readonly number[] =>
  useSyncExternalStore(subscribe, () => drafted);

/** The enquiries whose reply editor is open, in the order they were opened. */
export const useOpenReplies = (): readonly number[] => useSyncExternalStore(subscribe, () => open);

/** The reply to an enquiry on its way, or why it could not be sent, as it changes. */
export const useReplySend = (id: number): ReplySend | undefined =>
  useSyncExternalStore(subscribe, () => sends.reply.get(id));

/** The note to an enquiry on its way, or why it could not be added, as it changes. */
export const useNoteAdd = (id: number): ReplySend | undefined =>
  useSyncExternalStore(subscribe, () => sends.note.get(id));
