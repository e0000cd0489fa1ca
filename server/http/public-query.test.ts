import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { INVALID, publicQuery, queryString, readQuery, readsQuery } from './public-query';

const even = publicQuery({
  n: (value) => (value === undefined ? undefined : Number(value) % 2 === 0 ? value : INVALID),
});

describe('readQuery', () => {
  it('keeps the declared parameters (and lang, declared everywhere) and nothing else', () => {
    expect(readQuery(even, 'n=2&lang=de&utm_source=x')).toEqual({
      valid: true,
      values: { lang: 'de', n: '2' },
      key: 'lang=de&n=2',
    });
    expect(readQuery(even, '')).toEqual({ valid: true, values: {}, key: '' });
  });

  it('gives the values as sent, never a key, when one is invalid or given twice', () => {
    expect(readQuery(even, 'n=3&x=1')).toEqual({ valid: false, values: { n: '3' } });
    expect(readQuery(even, 'n=2&n=4')).toEqual({ valid: false, values: { n: '2' } });
  });

  it('encodes each value in the key, so none can pass for two', () => {
    const text = publicQuery({ q: (value) => value });
    const read = readQuery(text, 'q=a%26lang%3Dde');
    expect(read).toMatchObject({ valid: true, values: { q: 'a&lang=de' }, key: 'q=a%26lang%3Dde' });
    expect(queryString({ q: 'a&lang=de' })).toBe('?q=a%26lang%3Dde');
  });
});

describe('readsQuery', () => {
  function app(read: (query: Record<string, unknown>) => unknown) {
    const site = express();
    site.get('/list', readsQuery(even), (req, res) => {
      res.json({ read: read(req.query as Record<string, unknown>) });
    });
    site.use(((error, _req, res, _next) => {
      res.status(500).json({ error: (error as Error).message });
    }) as express.ErrorRequestHandler);
    return site;
  }

  it('hands the route its declared parameters alone, canonical when all are valid', async () => {
    const res = await request(app((q) => ({ ...q }))).get('/list?n=2&lang=xx&other=1');
    expect(res.body).toEqual({ read: { n: '2' } });
  });

  it('fails a route that reads a parameter it did not declare', async () => {
    const res = await request(app((q) => q.other))
      .get('/list?other=1')
      .expect(500);
    expect(res.body.error).toBe('query parameter "other" is read but not declared (readsQuery)');
    await request(app((q) => 'other' in q))
      .get('/list')
      .expect(500);
  });

  it('lets serialisers look at the query without counting as a read', async () => {
    const res = await request(app((q) => JSON.stringify(q)))
      .get('/list?n=4')
      .expect(200);
    expect(res.body).toEqual({ read: '{"n":"4"}' });
  });
});
