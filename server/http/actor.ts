import type { Request } from 'express';

/** Who made a change, as revisions and uploads record it; null when nobody signed in did. */
export type Actor = { id: number; username: string } | null;

export function actorOf(req: Request): Actor {
  const user = req.session?.user;
  return user ? { id: user.id, username: user.username } : null;
}
