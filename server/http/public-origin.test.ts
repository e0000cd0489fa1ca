import proxyaddr from 'proxy-addr';
import { describe, expect, it } from 'vitest';
import {
  createPublicOrigin,
  KEPT_HOSTS,
  REMEMBERED_ADDRESSES,
  type OriginRequest,
} from './public-origin';

const from = (
  remoteAddress: string,
  headers: OriginRequest['headers'] = {},
  encrypted = false,
): OriginRequest => ({ headers, socket: { remoteAddress, encrypted } });

describe('the public origin', () => {
  it('is PUBLIC_URL when set, whatever the request says, and keys nothing on the host', () => {
    const origin = createPublicOrigin({ publicUrl: 'https://www.example.com', trustProxy: 1 });
    const req = from('127.0.0.1', { host: 'evil.example', 'x-forwarded-proto': 'http' });
    expect(origin.of(req)).toBe('https://www.example.com');
    expect(origin.keyOf(req)).toBe('');
  });

  it('believes X-Forwarded-Proto only from a trusted proxy, and only http or https', () => {
    const origin = createPublicOrigin({ publicUrl: undefined, trustProxy: 'loopback' });
    const headers = { host: 'site.test', 'x-forwarded-proto': 'https' };
    expect(origin.of(from('127.0.0.1', headers))).toBe('https://site.test');
    expect(origin.of(from('203.0.113.9', headers))).toBe('http://site.test');
    expect(origin.of(from('127.0.0.1', { host: 'site.test', 'x-forwarded-proto': 'gopher' }))).toBe(
      'http://site.test',
    );
    expect(origin.of(from('203.0.113.9', { host: 'site.test' }, true))).toBe('https://site.test');
  });

  it('keeps answers for the first few well-formed hosts only', () => {
    const origin = createPublicOrigin({ publicUrl: undefined, trustProxy: undefined });
    expect(origin.keyOf(from('127.0.0.1', { host: 'bad host' }))).toBeNull();
    expect(origin.keyOf(from('127.0.0.1', {}))).toBeNull();
    const hosts = Array.from({ length: KEPT_HOSTS }, (_, i) => `Host-${i}.test:3000`);
    for (const host of hosts) {
      expect(origin.keyOf(from('127.0.0.1', { host }))).toBe(`http://${host.toLowerCase()}`);
    }
    expect(origin.keyOf(from('127.0.0.1', { host: 'one-more.test' }))).toBeNull();
    // Those already kept stay kept.
    expect(origin.keyOf(from('127.0.0.1', { host: hosts[0] }))).toBe('http://host-0.test:3000');
  });

  it("keeps this machine's own names however many other hosts came first", () => {
    const origin = createPublicOrigin({ publicUrl: undefined, trustProxy: undefined, port: 3000 });
    for (let i = 0; i < KEPT_HOSTS; i++) {
      expect(origin.keyOf(from('127.0.0.1', { host: `junk-${i}.test` }))).not.toBeNull();
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'localhost']) {
      expect(origin.keyOf(from('127.0.0.1', { host }))).toBe(`http://${host}`);
    }
    // Another port on this machine is a host like any other.
    expect(origin.keyOf(from('127.0.0.1', { host: 'localhost:3001' }))).toBeNull();
  });

  it('reads the client address as Express’s req.ip does under TRUST_PROXY', () => {
    const forwarded = { 'x-forwarded-for': '198.51.100.7, 10.0.0.2' };
    const untrusting = createPublicOrigin({ publicUrl: undefined, trustProxy: undefined });
    expect(untrusting.clientAddress(from('127.0.0.1', forwarded))).toBe('127.0.0.1');
    const oneHop = createPublicOrigin({ publicUrl: undefined, trustProxy: 1 });
    expect(oneHop.clientAddress(from('127.0.0.1', forwarded))).toBe('10.0.0.2');
    const loopback = createPublicOrigin({ publicUrl: undefined, trustProxy: 'loopback' });
    expect(loopback.clientAddress(from('127.0.0.1', forwarded))).toBe('10.0.0.2');
    const all = createPublicOrigin({ publicUrl: undefined, trustProxy: true });
    expect(all.clientAddress(from('127.0.0.1', forwarded))).toBe('198.51.100.7');
  });

  it('reads the same address as proxy-addr for any forwarding, long after it has remembered its verdicts', () => {
    const settings = ['loopback', 'loopback, 10.0.0.0/8', '203.0.113.0/24', undefined];
    const sockets = ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '203.0.113.9', undefined];
    const forwarded = (i: number) =>
      [
        undefined,
        '',
        `198.51.100.${i % 256}`,
        ` 198.51.100.${i % 256}`,
        `198.51.100.${i % 256}, 10.0.0.${i % 7}`,
        `2001:db8::${(i % 65535).toString(16)}`,
        'not-an-address',
        '127.0.0.1,127.0.0.2',
        '127.0.0.1',
      ][i % 9];
    for (const setting of settings) {
      const origin = createPublicOrigin({ publicUrl: undefined, trustProxy: setting });
      const trust = proxyaddr.compile(setting?.split(',').map((v) => v.trim()) ?? []);
      // Past the remembered verdicts' bound, so forgetting is exercised too.
      for (let i = 0; i < REMEMBERED_ADDRESSES * 3; i++) {
        const xff = forwarded(i);
        const req = {
          headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
          socket: { remoteAddress: sockets[i % sockets.length] },
        } as OriginRequest;
        const expected = proxyaddr(req as unknown as Parameters<typeof proxyaddr>[0], trust) as
          string | undefined;
        expect(origin.clientAddress(req), `${setting} ${JSON.stringify(req)}`).toBe(expected);
      }
    }
  });
});
