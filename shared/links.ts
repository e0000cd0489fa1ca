/**
 * A web address written in a text (`https://…`, `http://…`, `www.…`): what
 * the spam check counts in an enquiry (server/features/contacts/spam-score.ts)
 * and what the admin's card says it found there.
 */
export const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'[\]]+/giu;

/** How many web addresses `text` holds. */
export const countLinks = (text: string): number => text.match(LINK)?.length ?? 0;
