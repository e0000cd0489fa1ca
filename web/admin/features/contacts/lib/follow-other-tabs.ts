import {
  RENAMED_KEY,
  parseDraft,
  parseKey,
  parseRenamed,
  storage,
  type Kind,
} from './draft-storage';

/**
 * What another tab of the dashboard did to the texts kept on the machine:
 * wrote one (its text), or sent, added, discarded or forgot it (null);
 * 'cleared' when the whole storage was; or `renamed` when it is moving a
 * writer's texts to the account's new name (the moves follow).
 */
export type OtherTabChange =
  | 'cleared'
  | { renamed: { from: string; to: string } }
  | { kind: Kind; writer: string; id: number; text: string | null };

let following = false;

/**
 * Hands every text written, sent, added, discarded or forgotten in another
 * tab of the dashboard to `follow` (drafts.ts), whoever wrote it. Once a page:
 * later calls change nothing.
 */
export function followOtherTabs(follow: (change: OtherTabChange) => void): void {
  if (following) return;
  following = true;
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== storage()) return;
    if (event.key === null) return follow('cleared');
    const renamed = event.key === RENAMED_KEY ? parseRenamed(event.newValue) : null;
    if (renamed) return follow({ renamed });
    const kept = parseKey(event.key);
    if (kept) follow({ ...kept, text: parseDraft(event.newValue)?.text ?? null });
  });
}
