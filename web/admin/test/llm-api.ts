import { vi } from 'vitest';
import type { Language } from '#shared/languages';

export type ApiCall = { method: string; url: string; body: Record<string, unknown> | null };

/** An API answer in the `{data}` / `{error}` envelope. */
export const json = (status: number, payload: unknown) =>
  new Response(JSON.stringify(payload), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** What the stub's model writes in `to`: the source title, tagged. */
export const draftIn = (to: Language, title: string) => ({
  title: `[${to}] ${title}`,
  excerpt: `[${to}] excerpt`,
  content: `[${to}] **ForgeArm X2**`,
});

/** translate-news drafting `to` from the request. */
export const translated = (to: Language, body: Record<string, unknown> | null) =>
  json(200, { data: { translations: { [to]: draftIn(to, String(body?.title)) } } });

/** A held answer: the test says when (and how) it arrives. */
export function held<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

type Route = (call: ApiCall) => Response | Promise<Response> | undefined;

/**
 * The dashboard's API with the model configured: `route` answers first; by
 * default translate-news drafts each language (`translated`), writes echo
 * back, and anything else is 404. Every request is recorded.
 */
export function stubModelApi(route: Route = () => undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      // An upload's file (multipart) is recorded without a body.
      const text = init?.body && !(init.body instanceof FormData);
      const body = text ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      const call = { method: init?.method ?? 'GET', url, body };
      calls.push(call);
      const answer = await route(call);
      if (answer) return answer;
      if (url === '/api/llm/llm-status') {
        return json(200, { data: { configured: true, provider: 'openai', model: 'm' } });
      }
      if (url === '/api/llm/translate-news') {
        return translated((body?.to as Language[])[0]!, body);
      }
      return json(404, { error: 'Not found' });
    }),
  );
  return calls;
}

/** The translate-news requests, as `from>to` pairs in the order they were made. */
export const translateCalls = (calls: ApiCall[]) =>
  calls
    .filter((c) => c.url === '/api/llm/translate-news')
    .map((c) => `${String(c.body?.from)}>${(c.body?.to as string[]).join(',')}`);
