import 'express-session';
import type { Language } from '#shared/languages';
import type { Role } from '#shared/roles';

/**
 * What a signed-in session carries. Read again from the account on every
 * request (current-user.ts), so a role change or a deactivation counts at
 * the next request. `two_factor_due`: the site requires two-factor sign-in
 * and this staff account has not set it up yet.
 */
export type SessionUser = {
  id: number;
  username: string;
  /** The display name, if the account has one (replies are signed with it). */
  name: string | null;
  /** The language the account reads its e-mails and the admin in, if it chose one. */
  language: Language | null;
  is_admin: boolean;
  role: Role;
  two_factor_due?: boolean;
};

/** When a signed-in session began and was last used (ms since the epoch), and its public handle. */
export type SessionTimes = { handle: string; created: number; seen: number };

declare module 'express-session' {
  interface SessionData {
    user?: SessionUser;
    auth?: SessionTimes;
    /** Password accepted, second factor still to come (expires after a few minutes). */
    pendingTwoFactor?: { userId: number; at: number };
    /** A move of two-factor sign-in to a new device this session started (two-factor-move.service.ts). */
    twoFactorMove?: { at: number; key: string };
    /**
     * All that is left of a session whose account was deactivated or deleted
     * (session-registry.ts): signed out, and its holder's calls are told why.
     */
    accountClosed?: true;
  }
}
