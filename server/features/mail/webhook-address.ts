import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { WebhookError } from '#shared/webhooks';

/**
 * Where the site may post its webhook: public addresses over HTTPS. Private
 * networks, loopback, link-local (cloud metadata services live there) and
 * other special ranges are refused, judged on every address the host name
 * resolves to when a call is made (and on a literal address when the URL
 * is saved), unless the operator allows them (WEBHOOK_ALLOW_PRIVATE, which
 * also allows plain HTTP: a receiver inside the operator's own network).
 */

const SPECIAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  SPECIAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  SPECIAL.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (mapped, NAT64, 6to4), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  const pair = hex ?? sixToFour;
  if (!pair) return null;
  const [hi, lo] = [parseInt(pair[1]!, 16), parseInt(pair[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** True for an address of a private, loopback, link-local or otherwise special range. */
export function isSpecialAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return SPECIAL.check(address, 'ipv4');
  if (family !== 6) return true;
  const inner = embeddedIpv4(address);
  if (inner) return SPECIAL.check(inner, 'ipv4');
  return SPECIAL.check(address, 'ipv6');
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * What the URL itself says, before any lookup: the catalogue key of the
 * reason it is refused, or null. Used when the setting is saved.
 */
export function webhookUrlProblem(value: string, allowPrivate: boolean): string | null {
  if (value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'validation.settings.invalid';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return 'validation.webhook.https';
  const host = hostOf(url);
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (!allowPrivate && (local || (isIP(host) !== 0 && isSpecialAddress(host))))
    return 'validation.webhook.private';
  return null;
}

/** A call the site will not make: retrying cannot help. `reason` says why, as the admin lists it. */
export class WebhookRefused extends Error {
  override name = 'WebhookRefused';
  constructor(
    message: string,
    readonly reason: WebhookError,
  ) {
    super(message);
  }
}

/** The code of an address refused for what the URL itself says (`webhookUrlProblem`'s key). */
const REFUSED_CODES: Record<string, WebhookError['code']> = {
  'validation.webhook.https': 'address-https',
  'validation.webhook.private': 'address-private',
};

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** How a host name is turned into addresses (the system's resolver; tests give their own). */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })) as ResolvedAddress[];

/**
 * The address to connect to for a webhook URL: the host's addresses, each
 * checked (all must be public unless private ones are allowed), the first
 * one used, so the connection goes exactly where the check looked.
 */
export async function resolveWebhookTarget(
  url: URL,
  allowPrivate: boolean,
  resolve: Resolve = systemResolve,
): Promise<ResolvedAddress> {
  const problem = webhookUrlProblem(url.href, allowPrivate);
  if (problem)
    throw new WebhookRefused(`webhook address refused (${problem})`, {
      code: REFUSED_CODES[problem] ?? 'address-invalid',
      values: {},
    });
  const host = hostOf(url);
  const found: ResolvedAddress[] = isIP(host)
    ? [{ address: host, family: isIP(host) as 4 | 6 }]
    : await resolve(host);
  if (found.length === 0)
    throw Object.assign(new Error(`no address for ${host}`), {
      reason: { code: 'no-address', values: { host } } satisfies WebhookError,
    });
  if (!allowPrivate && found.some((a) => isSpecialAddress(a.address)))
    throw new WebhookRefused(
      `webhook host ${host} resolves to a private, loopback or link-local address`,
      { code: 'private-host', values: { host } },
    );
  return found[0]!;
}
