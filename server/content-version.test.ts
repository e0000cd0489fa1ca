import { describe, expect, it } from 'vitest';
import { testClock } from '../tests/support/clock';
import { createContentVersion, SCHEDULED_REASON } from './content-version';

describe('the content version', () => {
  it('moves once when a scheduled time comes, on the first read at or after it', () => {
    const clock = testClock('2026-06-01T10:00:00Z');
    const version = createContentVersion(clock);
    const reasons: string[] = [];
    version.onChange((_, reason) => reasons.push(reason));
    version.expireAt(new Date('2026-06-01T10:02:00Z'));
    expect(version.current()).toBe(0);
    clock.set('2026-06-01T10:02:00Z');
    expect(version.current()).toBe(1);
    expect(version.current()).toBe(1);
    expect(reasons).toEqual([SCHEDULED_REASON]);
  });

  it('does not move twice for one time that a lookup begun before it reports late', () => {
    const clock = testClock('2026-06-01T10:00:00Z');
    const version = createContentVersion(clock);
    const due = new Date('2026-06-01T10:02:00Z');
    version.expireAt(due);
    clock.set(due);
    expect(version.current()).toBe(1);
    // The scheduler's lookup started a millisecond before `due` and still finds it next.
    version.expireAt(due);
    clock.advance(5);
    expect(version.current()).toBe(1);
    // A later time still counts.
    version.expireAt(new Date('2026-06-01T10:05:00Z'));
    clock.set('2026-06-01T10:05:00Z');
    expect(version.current()).toBe(2);
  });

  it('forgets a schedule that is taken back', () => {
    const clock = testClock('2026-06-01T10:00:00Z');
    const version = createContentVersion(clock);
    version.expireAt(new Date('2026-06-01T10:02:00Z'));
    version.expireAt(null);
    clock.set('2026-06-01T10:03:00Z');
    expect(version.current()).toBe(0);
  });

  it('moves on every read while other instances cannot be heard, and holds still once they are', () => {
    const version = createContentVersion();
    const reasons: string[] = [];
    version.onChange((_, reason) => reasons.push(reason));
    version.unheard('listener down');
    expect(reasons).toEqual(['listener down']);
    const read = version.current();
    expect(version.current()).toBeGreaterThan(read);
    expect(version.current()).toBeGreaterThan(read + 1);
    version.heard();
    const steady = version.current();
    expect(version.current()).toBe(steady);
    // Reads are not moves: the caches were emptied once, when the listener went down.
    expect(reasons).toEqual(['listener down']);
  });
});
