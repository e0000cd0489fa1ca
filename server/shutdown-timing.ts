import { DEFAULT_TIMING } from './features/mail/mail.worker';

/**
 * How long a stopping server lets the requests it received finish before it
 * cuts their connections.
 */
export const SHUTDOWN_GRACE_MS = 10_000;

/** How long a stopping server waits for its last log lines to be taken by stdout. */
export const LOG_DRAIN_MS = 2_000;

/**
 * The longest a clean stop takes, one wait after the other: the requests in
 * flight, then an e-mail or webhook being sent (the mail worker's
 * `stopWaitMs`), then the last log lines. The systemd units of README.md and
 * docs/deploy.md allow more (`TimeoutStopSec`), with room for closing the
 * stores; otherwise systemd kills the server half-way and the unit fails.
 */
export const STOP_WORST_CASE_MS = SHUTDOWN_GRACE_MS + DEFAULT_TIMING.stopWaitMs + LOG_DRAIN_MS;
