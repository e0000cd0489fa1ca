/**
 * Enquiries for the CSV export's batches: `n` rows written straight into
 * the table, seven to each `created_at` (so batches end inside a run of
 * equal times), named by their place.
 */
export function exportRows(n: number) {
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  return Array.from({ length: n }, (_, i) => ({
    name: `Enquiry ${i}`,
    email: `e${i}@example.com`,
    message: 'Export me',
    read: false,
    spam: false,
    created_at: new Date(start + Math.floor(i / 7) * 60_000).toISOString(),
  }));
}

/** The names of a comma-separated export's rows, in its order (no cell before the name holds a comma). */
export function csvNames(csv: string): string[] {
  const [header, ...lines] = csv.slice(1).split('\r\n').slice(0, -1);
  const column = header!.split(',').indexOf('name');
  return lines.map((line) => line.split(',')[column]!);
}

/** The names the export must give for the table's rows: newest first, then the higher id. */
export function expectedExportOrder(rows: Record<string, unknown>[]): string[] {
  const time = (r: Record<string, unknown>) => new Date(r.created_at as string | Date).getTime();
  return rows
    .filter((r) => !r.spam)
    .sort((a, b) => time(b) - time(a) || Number(b.id) - Number(a.id))
    .map((r) => String(r.name));
}
