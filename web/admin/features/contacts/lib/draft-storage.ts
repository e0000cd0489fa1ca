import { z } from 'zod';

/**
 * Where on the machine the drafts store (drafts.ts) keeps the replies and
 * notes being written: the storage, the keys and what is kept under them.
 */

/** A reply to the visitor, or an internal note for colleagues. */
export type Kind = 'reply' | 'note';
/**
 * Each text is kept under `<its kind's prefix><writer>:<enquiry id>`, the writer URI-encoded.
 * The replies' is the one they were kept under before notes were kept too.
 */
const PREFIXES: Record<Kind, string> = {
  reply: 'admin.contacts.replyDraft:',
  note: 'admin.contacts.noteDraft:',
};
export const KINDS = Object.keys(PREFIXES) as Kind[];
/**
 * Set for a moment while one tab moves its writer's texts to the account's
 * new name (`draftsRenamed`): `{from, to}`, the writers before and after.
 */
export const RENAMED_KEY = 'admin.contacts.draftsRenamed';
const Renamed = z.object({ from: z.string(), to: z.string() });

/** The move a `RENAMED_KEY` value says; null when there is none to read. */
export function parseRenamed(value: string | null): z.output<typeof Renamed> | null {
  try {
    const parsed = value === null ? null : Renamed.safeParse(JSON.parse(value));
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Where the texts were kept before (the tab's sessionStorage), taken over once. */
export const SESSION_KEY = 'admin.contacts.replyDrafts';
const StoredDraft = z.object({ text: z.string(), saved: z.number() });

export function storage(area: 'localStorage' | 'sessionStorage' = 'localStorage'): Storage | null {
  try {
    return window[area];
  } catch {
    return null; // No storage (privacy settings): the texts last as long as the page.
  }
}

export const keyOf = (kind: Kind, writer: string, id: number) =>
  `${PREFIXES[kind]}${encodeURIComponent(writer)}:${id}`;

const kindOf = (key: string | null) => KINDS.find((kind) => key?.startsWith(PREFIXES[kind]));

/** The kind, writer and enquiry a stored key is for; null for any other key. */
export function parseKey(key: string | null): { kind: Kind; writer: string; id: number } | null {
  const kind = kindOf(key);
  const match = kind ? /^([^:]*):([1-9]\d*)$/.exec(key!.slice(PREFIXES[kind].length)) : null;
  if (!kind || !match) return null;
  try {
    return { kind, writer: decodeURIComponent(match[1]!), id: Number(match[2]) };
  } catch {
    return null;
  }
}

/** The text kept under a key and when it was saved; null when there is none to read. */
export function parseDraft(value: string | null): z.output<typeof StoredDraft> | null {
  try {
    const parsed = value === null ? null : StoredDraft.safeParse(JSON.parse(value));
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Every key a reply or note is kept under, whoever wrote it. */
export const keptKeys = (store: Storage) =>
  Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
    (key): key is string => kindOf(key) !== undefined,
  );
