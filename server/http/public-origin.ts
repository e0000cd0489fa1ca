import proxyaddr from 'proxy-addr';

/** How many hosts, without PUBLIC_URL, the page cache keeps answers for. */
export const KEPT_HOSTS = 4;

/** What the origin and the client's address are read from: Node's request or the socket lane's. */
export type OriginRequest = {
  headers: {
    host?: string;
    'x-forwarded-proto'?: string | string[];
    'x-forwarded-for'?: string | string[];
  };
  socket: { remoteAddress?: string; encrypted?: boolean };
};

export type PublicOrigin = {
  /**
   * The site's address for links that leave the page (canonical, hreflang,
   * sitemap, feeds): PUBLIC_URL when configured, so a site behind a proxy
   * never advertises its internal address; else the origin the request came
   * to, its scheme from `X-Forwarded-Proto` only when TRUST_PROXY trusts
   * the sender (as Express's `req.protocol`), `http` or `https` alone.
   */
  of(req: OriginRequest): string;
  /**
   * The same as part of a cache key: '' with PUBLIC_URL (every answer names
   * it); else the origin for this machine's own names (localhost,
   * 127.0.0.1, [::1], on the server's port) and for one of the first
   * KEPT_HOSTS other well-formed hosts asked for, and null for any other
   * (answered, never kept: random `Host` headers cannot fill the cache, and
   * cannot take the slots of the names a quick start is opened on).
   */
  keyOf(req: OriginRequest): string | null;
  /**
   * The site's address in a link e-mailed at anyone's request (a password
   * reset, which anyone may ask for with any `Host`): PUBLIC_URL; without
   * it, the request's own origin only when its host is this machine
   * (localhost, 127.0.0.0/8, [::1]), else this server on localhost, as the
   * enquiry e-mails link: never a host the asker chose, where the link's
   * token would be read by whoever runs it.
   */
  ofAskedByAnyone(req: OriginRequest): string;
  /** The client's address as Express's `req.ip` reads it under TRUST_PROXY. */
  clientAddress(req: OriginRequest): string | undefined;
};

/** A host name or address (IPv6 in brackets) with an optional port, in lower case. */
const WELL_FORMED_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9-]{1,63})*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

export function createPublicOrigin(options: {
  publicUrl: string | undefined;
  /** The TRUST_PROXY setting, as Express's `trust proxy` takes it. */
  trustProxy: boolean | number | string | undefined;
  /** The port the server listens on (links to it on localhost, without PUBLIC_URL). */
  port?: number;
}): PublicOrigin {
  const trust = compileTrust(options.trustProxy);
  const kept = new Set<string>();
  const ownNames = new Set(
    ['localhost', '127.0.0.1', '[::1]'].flatMap((name) =>
      options.port ? [name, `${name}:${options.port}`] : [name],
    ),
  );

  const scheme = (req: OriginRequest): string => {
    const own = req.socket.encrypted ? 'https' : 'http';
    const forwarded = req.headers['x-forwarded-proto'];
    if (!forwarded || !trust(req.socket.remoteAddress ?? '', 0)) return own;
    const first = String(forwarded).split(',')[0]!.trim().toLowerCase();
    return first === 'https' || first === 'http' ? first : own;
  };
  const own = (req: OriginRequest) =>
    `${scheme(req)}://${(req.headers.host ?? 'localhost').toLowerCase()}`;

  return {
    of: (req) => options.publicUrl ?? own(req),
    ofAskedByAnyone(req) {
      if (options.publicUrl !== undefined) return options.publicUrl;
      const host = req.headers.host?.toLowerCase() ?? '';
      return LOOPBACK_HOST.test(host) ? own(req) : `http://localhost:${options.port ?? 3000}`;
    },
    keyOf(req) {
      if (options.publicUrl !== undefined) return '';
      const host = req.headers.host?.toLowerCase();
      if (!host || !WELL_FORMED_HOST.test(host)) return null;
      // This machine's own names take no slot: hosts sent by anyone cannot take them away.
      if (ownNames.has(host)) return `${scheme(req)}://${host}`;
      if (!kept.has(host)) {
        if (kept.size >= KEPT_HOSTS) return null;
        kept.add(host);
      }
      return `${scheme(req)}://${host}`;
    },
    clientAddress(req) {
      const forwarded = req.headers['x-forwarded-for'];
      // One address forwarded (a proxy in front, the usual case): proxyaddr's
      // answer without its parse, the proxy trusted or not.
      if (typeof forwarded === 'string' && ONE_ADDRESS.test(forwarded)) {
        const proxy = req.socket.remoteAddress;
        return proxy !== undefined && trust(proxy, 0) ? forwarded : proxy;
      }
      return proxyaddr(req, trust);
    },
  };
}

/** A host that names this machine, with an optional port. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/;

/** An `X-Forwarded-For` of one entry, nothing around it to trim. */
const ONE_ADDRESS = /^[^,\s]+$/;

/** How many addresses a list of trusted proxies remembers its verdict on. */
export const REMEMBERED_ADDRESSES = 1024;

/**
 * TRUST_PROXY as a trust function, exactly as Express compiles its `trust
 * proxy` setting. A list (`loopback`, subnets) is judged by the address
 * alone, so its verdict on each address is remembered: behind a proxy every
 * request names the proxy and its visitor, and parsing both addresses again
 * was a third of a cached page's request line. The memory is bounded (it
 * starts over past REMEMBERED_ADDRESSES: a forged `X-Forwarded-For` can
 * make it forget, never grow).
 */
function compileTrust(value: boolean | number | string | undefined) {
  if (value === true) return () => true;
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  const list = typeof value === 'string' ? value.split(',').map((v) => v.trim()) : [];
  const trusted = proxyaddr.compile(list);
  const verdicts = new Map<string, boolean>();
  return (address: string, hop: number) => {
    let verdict = verdicts.get(address);
    if (verdict === undefined) {
      verdict = trusted(address, hop);
      if (verdicts.size >= REMEMBERED_ADDRESSES) verdicts.clear();
      verdicts.set(address, verdict);
    }
    return verdict;
  };
}
