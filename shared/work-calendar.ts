/**
 * The company's working calendar for the reply promise: which days count
 * (weekdays that are not holidays, in the company's time zone) and when a
 * promise of so many hours runs out when only those days count. Holidays
 * are written as rules the team edits:
 *
 * - `MM-DD`: every year on that day (`12-25`);
 * - `YYYY-MM-DD`: that one day (`2026-12-24`);
 * - `easter`, `easter-2`, `easter+60`: Easter Sunday (Gregorian) or a
 *   number of days before or after it (Good Friday, Corpus Christi).
 */

/** Portugal's national public holidays (Código do Trabalho, art. 234). */
export const PORTUGAL_HOLIDAYS: readonly string[] = [
  '01-01',
  'easter-2',
  'easter',
  '04-25',
  '05-01',
  'easter+60',
  '06-10',
  '08-15',
  '10-05',
  '11-01',
  '12-01',
  '12-08',
  '12-25',
];

export const DEFAULT_TIME_ZONE = 'Europe/Lisbon';

export type WorkCalendar = {
  /** Only working days count; off: every hour counts. */
  workingDays: boolean;
  /** IANA time zone the days are counted in. */
  timeZone: string;
  holidays: readonly string[];
};

const HOUR_MS = 3_600_000;
const RULE = /^(?:(\d{4})-)?(\d{2})-(\d{2})$|^easter(?:([+-])(\d{1,3}))?$/;

/** True for a zone Intl knows (`Europe/Lisbon`, `UTC`). */
export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** True for a holiday rule as described above, naming a real day. */
export function isHolidayRule(rule: string): boolean {
  const m = RULE.exec(rule);
  if (!m) return false;
  if (m[2] === undefined) return Number(m[5] ?? 0) <= 366;
  const month = Number(m[2]);
  const day = Number(m[3]);
  const year = m[1] === undefined ? 2024 : Number(m[1]); // a leap year allows 02-29
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

/** Easter Sunday of a Gregorian year (the anonymous algorithm), as UTC midnight. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The days (`YYYY-MM-DD`) the rules make holidays in a year. */
export function holidaysOf(rules: readonly string[], year: number): Set<string> {
  const out = new Set<string>();
  for (const rule of rules) {
    const m = RULE.exec(rule);
    if (!m || !isHolidayRule(rule)) continue;
    if (m[2] !== undefined) {
      if (m[1] === undefined || Number(m[1]) === year) out.add(`${year}-${m[2]}-${m[3]}`);
      continue;
    }
    const shift = (m[4] === '-' ? -1 : 1) * Number(m[5] ?? 0);
    const day = new Date(easterSunday(year).getTime() + shift * 24 * HOUR_MS);
    if (day.getUTCFullYear() === year)
      out.add(`${year}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`);
  }
  return out;
}

type LocalDay = { year: number; month: number; day: number; weekday: number };

const partFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day and the time of day an instant is in a zone. */
function localParts(at: number, timeZone: string) {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormats.set(timeZone, format);
  }
  const p = Object.fromEntries(
    format.formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return p;
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const p = localParts(at, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (at - (at % 1000));
}

/**
 * The instant a calendar day begins in the zone: its clock's midnight, or,
 * where the clocks go forward at midnight and skip it, the moment they jump
 * to (found to the millisecond within the next few hours).
 */
export function localMidnight(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  let at = wall - offsetAt(wall, timeZone);
  // Once more: the offset may differ on either side of a clock change.
  at = wall - offsetAt(at, timeZone);
  const isTheDay = (instant: number) => {
    const p = localParts(instant, timeZone);
    return p.year === year && p.month === month && p.day === day;
  };
  if (isTheDay(at)) return at;
  // A skipped midnight: `at` is still on the day before, an hour short of the jump.
  let before = at;
  let after = at + 3 * HOUR_MS;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (isTheDay(middle)) after = middle;
    else before = middle;
  }
  return after;
}

function localDay(at: number, timeZone: string): LocalDay {
  const p = localParts(at, timeZone);
  const weekday = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  return { year: p.year, month: p.month, day: p.day, weekday };
}

/**
 * A reader of the calendar's days: whether a day is worked, and when the
 * next day starts. Holiday sets are made once per year asked.
 */
function calendarDays(calendar: WorkCalendar) {
  const years = new Map<number, Set<string>>();
  const holidays = (year: number) => {
    let set = years.get(year);
    if (!set) years.set(year, (set = holidaysOf(calendar.holidays, year)));
    return set;
  };
  return {
    worked(d: LocalDay): boolean {
      if (d.weekday === 0 || d.weekday === 6) return false;
      return !holidays(d.year).has(`${d.year}-${pad(d.month)}-${pad(d.day)}`);
    },
    nextDayStart(d: LocalDay): number {
      const next = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
      return localMidnight(
        next.getUTCFullYear(),
        next.getUTCMonth() + 1,
        next.getUTCDate(),
        calendar.timeZone,
      );
    },
  };
}

/**
 * When a promise of `hours` made at `from` runs out: that many hours later,
 * or, with working days only, counting only the hours of working days in
 * the company's zone (an enquiry on Friday at 20:00 with 24 hours is due on
 * Monday at 20:00; one on Saturday, on Tuesday at 00:00, which the e-mails
 * and the admin word as "by the end of Monday").
 */
export function promiseEnds(from: Date, hours: number, calendar: WorkCalendar): Date {
  const start = from.getTime();
  let remaining = hours * HOUR_MS;
  if (!calendar.workingDays || !isTimeZone(calendar.timeZone)) return new Date(start + remaining);
  const days = calendarDays(calendar);
  let at = start;
  // Bounded: a calendar without a single working day in a year gives up there.
  for (let step = 0; step < 400 && remaining > 0; step++) {
    const today = localDay(at, calendar.timeZone);
    const end = Math.max(days.nextDayStart(today), at + 1);
    if (days.worked(today)) {
      if (end - at >= remaining) return new Date(at + remaining);
      remaining -= end - at;
    }
    at = end;
  }
  return new Date(at);
}
