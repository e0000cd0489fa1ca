import type { Clock } from '../../server/clock';

/** A clock the test moves by hand: scheduled publication, link expiry and revisions go by it. */
export type TestClock = Clock & {
  set(at: Date | string): void;
  advance(ms: number): void;
};

export function testClock(start: Date | string = new Date()): TestClock {
  let now = new Date(start).getTime();
  return Object.assign(() => new Date(now), {
    set: (at: Date | string) => {
      now = new Date(at).getTime();
    },
    advance: (ms: number) => {
      now += ms;
    },
  });
}
