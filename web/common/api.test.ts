import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Translate } from '#shared/languages';
import { api, ApiError, apiFile, dispositionFilename, errorMessage } from './api';
import { i18nFor } from './i18n';

const t: Translate = (key, params) => (params ? `${key}:${JSON.stringify(params)}` : key);

function answer(body: unknown, init: ResponseInit = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), init)),
  );
}

afterEach(() => vi.unstubAllGlobals());

/** The client-side wrapping of failures and the response envelope (docs/api.md, "API"). */
describe('api', () => {
  it('sends JSON with cookies to the relative /api path and unwraps data', async () => {
    answer({ data: { id: 7 } }, { status: 201 });
    await expect(api('/contacts', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ id: 7 });
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/api/contacts');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
  });

  it('uses the whole body when there is no data field, and builds the query', async () => {
    answer({ news: [], pages: 1 });
    await expect(
      api('/news', { query: { page: 2, per_page: 6, category: undefined } }),
    ).resolves.toEqual({
      news: [],
      pages: 1,
    });
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe('/api/news?page=2&per_page=6');
  });

  it("shows the server's error text and keeps the field details", async () => {
    answer({ error: 'Slug taken', details: { slug: 'taken' } }, { status: 409 });
    const error = (await api('/news').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(errorMessage(error, t)).toBe('Slug taken');
    expect(error.details).toEqual({ slug: 'taken' });
  });

  it('falls back to "HTTP {status}: {statusText}" when the body has no error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 404, statusText: 'Not Found' })),
    );
    const error = await api('/news').catch((e: unknown) => e);
    expect(errorMessage(error, t)).toBe('errors.http:{"status":404,"statusText":"Not Found"}');
  });

  it('shows a translated "try again" for a 5xx that is not the app\'s, never the proxy\'s text', async () => {
    // nginx giving up on the app: its own HTML page, its English reason phrase.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('<html><h1>504 Gateway Time-out</h1></html>', {
            status: 504,
            statusText: 'Gateway Time-out',
            headers: { 'Content-Type': 'text/html' },
          }),
      ),
    );
    const error = await api('/llm/draft-reply', { method: 'POST' }).catch((e: unknown) => e);
    expect(errorMessage(error, t)).toBe('errors.server:{"status":504}');
    const de = i18nFor('de').t as Translate;
    expect(errorMessage(error, de)).toBe(
      'Der Server konnte gerade nicht antworten (HTTP 504). Bitte versuchen Sie es in Kürze erneut.',
    );
  });

  it('shows a translated "too large for the server" for a proxy\'s 413 page, the app\'s own 413 as it is', async () => {
    // nginx refusing an upload over its client_max_body_size: its own HTML page.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('<html><center><h1>413 Request Entity Too Large</h1></center></html>', {
            status: 413,
            statusText: 'Request Entity Too Large',
            headers: { 'Content-Type': 'text/html' },
          }),
      ),
    );
    const error = await api('/media', { method: 'POST', body: new FormData() }).catch(
      (e: unknown) => e,
    );
    expect(errorMessage(error, t)).toBe('errors.tooLarge');
    expect(errorMessage(error, i18nFor('de').t as Translate)).toBe(
      'Die Datei ist zu groß für den Server (HTTP 413). Bitte wählen Sie eine kleinere Datei oder bitten Sie den Administrator des Servers, die Upload-Grenze zu erhöhen.',
    );
    expect(errorMessage(error, i18nFor('pt').t as Translate)).toMatch(
      /^O ficheiro é demasiado grande para o servidor \(HTTP 413\)\./,
    );

    // The app's own 413 says the limit, in the admin's language.
    answer({ error: 'The video is too large: videos may be at most 50 MB' }, { status: 413 });
    const own = await api('/media', { method: 'POST', body: new FormData() }).catch(
      (e: unknown) => e,
    );
    expect(errorMessage(own, t)).toBe('The video is too large: videos may be at most 50 MB');
  });

  it('names a network failure and an opaque (CORS) answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(errorMessage(await api('/x').catch((e: unknown) => e), t)).toBe('errors.network');

    const opaque = { type: 'opaque', status: 0, ok: false } as Response;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => opaque),
    );
    expect(errorMessage(await api('/x').catch((e: unknown) => e), t)).toBe('errors.cors');
  });

  it("keeps a 5xx answer's reference id (body first, else X-Request-Id), never a 4xx one's", async () => {
    answer({ error: 'Something went wrong', id: '3f9a0c1d2e4b5a67' }, { status: 500 });
    let error = (await api('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Something went wrong');
    expect(error.reference).toBe('3f9a0c1d2e4b5a67');

    answer('<html>Bad gateway</html>', {
      status: 502,
      statusText: 'Bad Gateway',
      headers: { 'X-Request-Id': 'a1b2c3d4e5f60718' },
    });
    error = (await api('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.key).toBe('errors.server');
    expect(error.reference).toBe('a1b2c3d4e5f60718');

    answer(
      { error: 'Invalid request' },
      { status: 400, headers: { 'X-Request-Id': 'ffffffffffffffff' } },
    );
    error = (await api('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.reference).toBeUndefined();
  });

  it('shows other exceptions by their message, else "Network error"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('boom'))),
    );
    expect(errorMessage(await api('/x').catch((e: unknown) => e), t)).toBe('boom');
    expect(errorMessage('odd', t)).toBe('errors.networkShort');
  });
});

describe('apiFile', () => {
  it('answers the bytes and the file name the server gave, with cookies and the query', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('\uFEFFid,name\r\n1,Ana\r\n', {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="spam-enquiries-2026-11-22.csv"',
            },
          }),
      ),
    );
    const { blob, filename } = await apiFile('/contacts/export', { query: { spam: true } });
    expect(filename).toBe('spam-enquiries-2026-11-22.csv');
    expect(await blob.text()).toContain('id,name\r\n1,Ana');
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/api/contacts/export?spam=true');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('fails like any call: the server’s error text', async () => {
    answer({ error: 'Authentication required' }, { status: 401 });
    const error = (await apiFile('/contacts/export').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(errorMessage(error, t)).toBe('Authentication required');
  });

  it('gives no name when the server sent none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('a,b\r\n')),
    );
    expect((await apiFile('/contacts/export')).filename).toBeNull();
  });
});

describe('dispositionFilename', () => {
  it('reads the bare token Express sends for a plain name', () => {
    expect(dispositionFilename('attachment; filename=enquiries-2026-11-23.csv')).toBe(
      'enquiries-2026-11-23.csv',
    );
  });

  it('reads a quoted name, with its escapes', () => {
    expect(dispositionFilename('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
  });

  it('prefers the UTF-8 name over the ASCII fallback', () => {
    expect(
      dispositionFilename(
        `attachment; filename="pedidos-?.csv"; filename*=UTF-8''pedidos-%C3%A7.csv`,
      ),
    ).toBe('pedidos-ç.csv');
  });

  it('gives null without a name', () => {
    expect(dispositionFilename('attachment')).toBeNull();
    expect(dispositionFilename('')).toBeNull();
  });
});
