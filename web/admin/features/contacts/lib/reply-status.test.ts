import { describe, expect, it } from 'vitest';
import { replyStatus } from './reply-status';

const now = new Date('2026-11-22T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
/** An enquiry received `age` hours ago under the 24-hour rule (due 24 hours after it came in). */
const enquiry = (age: number, extra: { replied_at?: string; spam?: boolean } = {}) => ({
  due_at: hoursAgo(age - 24),
  replied_at: extra.replied_at ?? null,
  spam: extra.spam ?? false,
});

describe('replyStatus: the marker and reply line of an enquiry card', () => {
  it('a fresh enquiry waits without a marker, its reply due 24 hours after it came in', () => {
    expect(replyStatus(enquiry(3), now)).toEqual({
      state: 'waiting',
      marked: false,
      line: { key: 'admin.contacts.replyDue', at: '2026-11-23T09:00:00.000Z' },
    });
    expect(replyStatus(enquiry(20), now).state).toBe('waiting');
  });

  it('is due soon in its last 4 hours and overdue once past its due time', () => {
    expect(replyStatus(enquiry(20.1), now)).toEqual({
      state: 'due-soon',
      marked: true,
      line: { key: 'admin.contacts.replyDue', at: '2026-11-22T15:54:00.000Z' },
    });
    expect(replyStatus(enquiry(24), now).state).toBe('due-soon');
    expect(replyStatus(enquiry(24.5), now)).toEqual({
      state: 'overdue',
      marked: true,
      line: { key: 'admin.contacts.replyWasDue', at: '2026-11-22T11:30:00.000Z' },
    });
    expect(replyStatus(enquiry(24 * 9), now).state).toBe('overdue');
  });

  it('goes by its own due time, which may be days away (working days only)', () => {
    const monday = { due_at: '2026-11-23T20:00:00.000Z', replied_at: null, spam: false };
    expect(replyStatus(monday, now)).toEqual({
      state: 'waiting',
      marked: false,
      line: { key: 'admin.contacts.replyDue', at: monday.due_at },
    });
  });

  it('a reply ends the count, however late it came', () => {
    const replied_at = hoursAgo(1);
    expect(replyStatus(enquiry(30, { replied_at }), now)).toEqual({
      state: 'replied',
      marked: true,
      line: { key: 'admin.contacts.repliedWhen', at: replied_at },
    });
  });

  it('spam makes no promise: no marker, no line, even when old', () => {
    expect(replyStatus(enquiry(48, { spam: true }), now)).toEqual({
      state: 'spam',
      marked: false,
      line: null,
    });
  });
});
