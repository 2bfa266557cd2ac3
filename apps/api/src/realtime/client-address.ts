import { BlockList, isIP } from 'node:net';
import type { Config } from '../config';

type TrustProxy = Config['TRUST_PROXY'];

/**
 * The address a socket.io client connects from, by the same rule Fastify uses for
 * `request.ip` (proxy-addr): without trusted proxies it is the socket's remote address; with
 * them, the nearest X-Forwarded-For entry not added by a trusted proxy. Per-address caps need
 * this behind a reverse proxy, where every remote address is the proxy's.
 */
export function createClientAddress(trustProxy: TrustProxy) {
  if (trustProxy === false) return (remote: string) => remote;
  const trusted = typeof trustProxy === 'number' ? hops(trustProxy) : matcher(trustProxy);
  return (remote: string, forwardedFor?: string | string[]): string => {
    if (forwardedFor === undefined) return remote;
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
    const forwarded = header
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '')
      .reverse();
    const chain = [remote, ...forwarded];
    for (let hop = 0; hop < chain.length - 1; hop++) {
      const address = chain[hop] as string;
      if (!trusted(address, hop)) return address;
    }
    return chain[chain.length - 1] as string;
  };
}

function hops(count: number) {
  return (_address: string, hop: number) => hop < count;
}

function matcher(proxies: readonly string[]) {
  const list = new BlockList();
  for (const entry of proxies) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address: string) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Whether a connection's peer is a trusted proxy (TRUST_PROXY), judged on its address alone:
 * with a hop count every peer is the nearest proxy. An IPv4 peer seen as `::ffff:a.b.c.d` on a
 * dual-stack socket is checked as IPv4.
 */
export function createTrustedProxy(trustProxy: TrustProxy): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => trustProxy > 0;
  const trusted = matcher(trustProxy);
  return (address) => trusted(address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, ''));
}
