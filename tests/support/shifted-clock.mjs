/**
 * Preloaded into a test server (`NODE_OPTIONS=--import …/shifted-clock.mjs`)
 * with `SHIFTED_CLOCK_AT` set to an instant: the server's wall clock starts
 * there and runs on in real time, so "an enquiry on a Friday at 20:00"
 * arrives on that Friday whatever the day the tests run. Timers are
 * untouched (they run on a monotonic clock). Test support only.
 */
const at = Date.parse(process.env.SHIFTED_CLOCK_AT ?? '');
if (Number.isNaN(at)) throw new Error('SHIFTED_CLOCK_AT must be an ISO 8601 instant');

const RealDate = Date;
const offset = at - RealDate.now();
const now = () => RealDate.now() + offset;

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(now());
    else super(...args);
  }
  static now() {
    return now();
  }
}
globalThis.Date = ShiftedDate;
