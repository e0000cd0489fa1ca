import type { Contact } from '#shared/contact';
import { CSV_BOM, csvCell } from '#shared/csv';

/**
 * Enquiries as CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel
 * reads accents right), a header row, CRLF line ends and RFC 4180 quoting,
 * separated by commas or, for the European spreadsheet defaults, semicolons
 * (cells as shared/csv.ts writes them: formulas shown as text).
 *
 * `source_path` is the public article or page the visitor wrote from. Each
 * time is given twice: in UTC (ISO 8601, for programs) and in the
 * company's time zone (`YYYY-MM-DD HH:MM`, which spreadsheets read as a
 * date and time), the zone named in the header.
 */

export const CSV_SEPARATORS = { comma: ',', semicolon: ';' } as const;
export type CsvSeparator = keyof typeof CSV_SEPARATORS;

export type CsvOptions = { timeZone: string; separator?: CsvSeparator };

type Column = { header: (zone: string) => string; value: (c: Contact, local: Local) => unknown };
type Local = (iso: string | null) => string;

const plain = (name: keyof Contact): Column => ({ header: () => name, value: (c) => c[name] });
const times = (name: 'created_at' | 'due_at' | 'replied_at'): Column[] => [
  { header: () => `${name} (UTC)`, value: (c) => c[name] },
  { header: (zone) => `${name} (${zone})`, value: (c, local) => local(c[name]) },
];

const COLUMNS: Column[] = [
  plain('id'),
  ...times('created_at'),
  plain('name'),
  plain('email'),
  plain('company'),
  plain('message'),
  plain('source_path'),
  plain('language'),
  plain('read'),
  { header: () => 'assignee', value: (c) => c.assignee?.username ?? '' },
  ...times('due_at'),
  ...times('replied_at'),
  plain('spam'),
];

/** `2026-11-27 20:00` as the clock in `timeZone` showed it. */
function localTime(timeZone: string): Local {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (iso) => {
    if (!iso) return '';
    const p = Object.fromEntries(format.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
  };
}

/** The writer of one export: its header line and each enquiry's line (no line ends). */
export function csvWriter({ timeZone, separator = 'comma' }: CsvOptions) {
  const sep = CSV_SEPARATORS[separator];
  const local = localTime(timeZone);
  return {
    header: () => COLUMNS.map((c) => csvCell(c.header(timeZone), sep)).join(sep),
    line: (contact: Contact) => COLUMNS.map((c) => csvCell(c.value(contact, local), sep)).join(sep),
  };
}

export function contactsCsv(contacts: Contact[], options: CsvOptions): string {
  const writer = csvWriter(options);
  const lines = [writer.header(), ...contacts.map(writer.line)];
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
