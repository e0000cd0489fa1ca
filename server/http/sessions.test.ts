import express from 'express';
import session from 'express-session';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createSessionMiddleware } from './sessions';

const LIFETIME = { idleMs: 60_000, absoluteMs: 600_000 };

/** An app that says whether the request was given a session, and can start one. */
function app() {
  const a = express();
  a.use(createSessionMiddleware(new session.MemoryStore(), 'a-test-secret', LIFETIME));
  a.post('/api/auth/login', (req, res) => {
    req.session.user = { id: 1, username: 'admin', is_admin: true } as never;
    res.json({ session: true });
  });
  a.use((req, res) => res.json({ session: req.session !== undefined, user: req.session?.user }));
  return a;
}

describe('session middleware', () => {
  it('gives an anonymous request without a session cookie no session, and sets no cookie', async () => {
    const res = await request(app()).get('/news');
    expect(res.body).toEqual({ session: false });
    expect(res.headers['set-cookie']).toBeUndefined();
    const post = await request(app()).post('/api/contacts').send({});
    expect(post.body).toEqual({ session: false });
  });

  it('starts a session on the sign-in routes, and finds it again by its cookie anywhere', async () => {
    const agent = request.agent(app());
    const login = await agent.post('/api/auth/login');
    expect(login.headers['set-cookie']?.[0]).toMatch(/^sid=/);
    const later = await agent.get('/news');
    expect(later.body).toEqual({ session: true, user: expect.objectContaining({ id: 1 }) });
  });

  it('looks up a request that brings a session cookie, even an unknown one', async () => {
    const res = await request(app()).get('/news').set('Cookie', 'sid=s%3Aunknown.signature');
    expect(res.body).toEqual({ session: true });
  });
});
