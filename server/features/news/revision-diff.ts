import { diffLines, diffWordsWithSpace, type ChangeObject } from 'diff';
import { REVISION_FIELDS, type DiffPart, type FieldChange } from '#shared/revisions';
import type { Snapshot } from './revisions.repo';

/** Past this many edits a word diff gives up (a rewrite, not an edit) and lines are compared. */
const MAX_WORD_EDITS = 2000;
const MAX_LINE_EDITS = 5000;

const part = ({ value, added, removed }: ChangeObject<string>): DiffPart => ({
  value,
  added: added === true,
  removed: removed === true,
});

/**
 * What changed in one text, as runs to show in order: word by word (spaces
 * and line breaks kept, so the unchanged and added runs read as the new text
 * and the unchanged and removed runs as the old); a rewrite too large for
 * that, line by line; larger still, the old text removed and the new added.
 */
export function textDiff(before: string, after: string): DiffPart[] {
  const words = diffWordsWithSpace(before, after, { maxEditLength: MAX_WORD_EDITS });
  if (words) return words.map(part);
  const lines = diffLines(before, after, { maxEditLength: MAX_LINE_EDITS });
  if (lines) return lines.map(part);
  return [
    ...(before ? [{ value: before, added: false, removed: true }] : []),
    ...(after ? [{ value: after, added: true, removed: false }] : []),
  ];
}

/** The fields that differ between two versions (against nothing: every field the version has). */
export function snapshotChanges(before: Snapshot | null, after: Snapshot): FieldChange[] {
  return REVISION_FIELDS.flatMap((field) => {
    const old = before?.[field] ?? '';
    const now = after[field] ?? '';
    if (before && old === now) return [];
    if (!before && now === '') return [];
    return [{ field, parts: textDiff(old, now) }];
  });
}
