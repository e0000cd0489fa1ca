import type { Contact } from '#shared/contact';

/**
 * Enquiries as CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel
 * reads accents right), a header row, CRLF line ends and RFC 4180 quoting.
 * A cell a spreadsheet would run as a formula (starting with =, +, -, @, a
 * tab or a carriage return) gets a leading apostrophe, so it shows as text.
 */

const COLUMNS = [
  'id',
  'created_at',
  'name',
  'email',
  'company',
  'message',
  'language',
  'read',
  'replied_at',
  'spam',
] as const satisfies readonly (keyof Contact)[];

const BOM = '\uFEFF';

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/u.test(text)) text = `'${text}`;
  return /[",\r\n]/u.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function contactsCsv(contacts: Contact[]): string {
  const lines = [COLUMNS.join(',')];
  for (const contact of contacts) lines.push(COLUMNS.map((c) => csvCell(contact[c])).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
