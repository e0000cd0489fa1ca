/**
 * Normalisers for values as the store returns them: SQLite gives 0/1 and text,
 * PostgreSQL gives booleans, Date objects and string counts.
 */
export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
}

/** ISO 8601 UTC (`2025-01-31T09:30:00.000Z`) from a stored time. */
export function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  const text = String(value);
  // `YYYY-MM-DD HH:MM:SS` without a zone is UTC (SQLite's CURRENT_TIMESTAMP).
  const normalised = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(text)
    ? `${text.replace(' ', 'T')}Z`
    : text;
  return new Date(normalised).toISOString();
}

export function toIsoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : toIso(value);
}

export function toCount(value: unknown): number {
  return Number(value ?? 0);
}

/** The current time as stored: ISO 8601 UTC text sorts correctly in SQLite too. */
export function now(): string {
  return new Date().toISOString();
}

/** True when a write failed on a unique constraint (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' || (e?.code === 'SQLITE_CONSTRAINT' && /UNIQUE/i.test(e.message ?? ''))
  );
}
