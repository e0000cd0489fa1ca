import express from 'express';

/**
 * How every router of the server matches paths: case-sensitively and
 * strictly (`/api/news/1/` is not `/api/news/1`, `/API/…` is not `/api/…`).
 * Checks that go by path (the page cache's, the request log's, the session
 * routes') then see exactly the paths the routes answer: no variant reaches a
 * route past a check written for its one spelling. The app itself is set
 * the same way (app.ts); `server/api/api.routing.test.ts` walks every router.
 */
export const ROUTING = { caseSensitive: true, strict: true } as const;

/** A router of the server (lint refuses `express.Router()` anywhere else). */
export function createRouter(): express.Router {
  return express.Router(ROUTING);
}
