/**
 * Tests only: Node's fetch keeps no cookies, Electron's session does. This
 * wrapper stands in for the session's cookie jar (name=value per origin, with
 * Max-Age/Expires deletion), so the forwarding handler runs as in the app.
 */
export type JarFetch = typeof fetch & {
  cookies: (origin: string) => Map<string, string>;
  /** The jar as Electron's `session.cookies` offers it (the parts electron/lib uses). */
  session: {
    get(filter: { url: string }): Promise<{ name: string; value: string }[]>;
    remove(url: string, name: string): Promise<void>;
  };
};

export function withCookieJar(inner: typeof fetch = fetch): JarFetch {
  const jars = new Map<string, Map<string, string>>();
  const jarFor = (origin: string) => {
    let jar = jars.get(origin);
    if (!jar) jars.set(origin, (jar = new Map()));
    return jar;
  };

  const wrapped = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const jar = jarFor(url.origin);
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await inner(url, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const expired = attributes.some(
        (a) =>
          /^max-age=(0|-)/i.test(a) ||
          (/^expires=/i.test(a) && new Date(a.slice(8)).getTime() < Date.now()),
      );
      if (expired) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1));
    }
    return response;
  }) as JarFetch;
  wrapped.cookies = (origin) => jarFor(origin);
  wrapped.session = {
    get: async ({ url }) =>
      [...jarFor(new URL(url).origin)].map(([name, value]) => ({ name, value })),
    remove: async (url, name) => void jarFor(new URL(url).origin).delete(name),
  };
  return wrapped;
}
