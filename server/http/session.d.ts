import 'express-session';

/** What a signed-in session carries. */
export type SessionUser = { id: number; username: string; is_admin: boolean };

/** When a signed-in session began and was last used (ms since the epoch), and its public handle. */
export type SessionTimes = { handle: string; created: number; seen: number };

declare module 'express-session' {
  interface SessionData {
    user?: SessionUser;
    auth?: SessionTimes;
    /** Password accepted, second factor still to come (expires after a few minutes). */
    pendingTwoFactor?: { userId: number; at: number };
  }
}
