import 'express-session';

/** What a signed-in session carries. */
export type SessionUser = { id: number; username: string; is_admin: boolean };

declare module 'express-session' {
  interface SessionData {
    user?: SessionUser;
  }
}
