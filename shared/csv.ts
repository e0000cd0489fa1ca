/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads accents
 * right), CRLF line ends and RFC 4180 quoting. A cell a spreadsheet would run
 * as a formula (starting with =, +, -, @, a tab or a carriage return) gets a
 * leading apostrophe, so it shows as text.
 */

export const CSV_BOM = '\uFEFF';

export function csvCell(value: unknown, separator: string = ','): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/u.test(text)) text = `'${text}`;
  const quote = text.includes(separator) || /["\r\n]/u.test(text);
  return quote ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole document: the byte-order mark, then each row's cells, every line ending in CRLF. */
export function csvDocument(rows: readonly (readonly unknown[])[], separator = ','): string {
  return (
    CSV_BOM +
    rows.map((row) => row.map((cell) => csvCell(cell, separator)).join(separator) + '\r\n').join('')
  );
}
