import { BlockList, isIP } from 'node:net';

/** What Fastify's `trustProxy` is given: nobody, a hop count, or the proxies' addresses. */
export type TrustedProxies = false | number | string[];

export const MAX_PROXY_HOPS = 5;
/** The widest range accepted: wider ones hold clients, who could then choose their own IP. */
const MIN_PREFIX = { 4: 8, 6: 32 } as const;
const MAX_PREFIX = { 4: 32, 6: 128 } as const;

/** IPv6's IPv4-mapped block: proxy-addr reads a range in it as that IPv4 range (/96 less). */
const ipv4Mapped = new BlockList();
ipv4Mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

/**
 * TRUST_PROXY as Fastify (proxy-addr) will take it: false, a hop count of 1–5, or a list of
 * addresses and CIDR ranges no wider than /8 (IPv4) or /32 (IPv6). Anything else is a Spanish
 * problem to show at start, never a value that trusts every client's X-Forwarded-For nor one
 * that makes proxy-addr throw (it throws a TypeError on /0 or /33).
 */
export function parseTrustedProxies(
  value: string | undefined,
): { ok: true; value: TrustedProxies } | { ok: false; problem: string } {
  const trimmed = value?.trim();
  if (!trimmed || trimmed === 'false' || trimmed === '0') return { ok: true, value: false };
  if (trimmed === 'true') {
    return {
      ok: false,
      problem:
        'true confiaría en el X-Forwarded-For de cualquier cliente (cada uno elegiría su IP); indica la cantidad de proxies delante (1 a 5) o sus direcciones',
    };
  }
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops >= 1 && hops <= MAX_PROXY_HOPS) return { ok: true, value: hops };
    return {
      ok: false,
      problem: `${trimmed} proxies es demasiado: la cantidad de proxies delante va de 1 a ${MAX_PROXY_HOPS} (con más, cualquier cliente elegiría su IP en X-Forwarded-For)`,
    };
  }
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const problems: string[] = [];
  const tooWide: string[] = [];
  for (const entry of entries) {
    const problem = entryProblem(entry);
    if (problem === 'too-wide') tooWide.push(`«${entry}»`);
    else if (problem) problems.push(problem);
  }
  if (tooWide.length > 0) {
    problems.push(
      `${tooWide.join(', ')} ${tooWide.length > 1 ? 'son redes demasiado amplias' : 'es una red demasiado amplia'}: se aceptan hasta /8 en IPv4 y /32 en IPv6 (una más amplia incluye clientes, que elegirían su IP en X-Forwarded-For)`,
    );
  }
  if (problems.length > 0) return { ok: false, problem: problems.join('; ') };
  return { ok: true, value: entries };
}

function entryProblem(entry: string): string | 'too-wide' | undefined {
  const shape =
    'debe ser false, la cantidad de proxies delante (1 a 5) o una lista de direcciones o redes de proxies (10.0.0.1,10.0.0.0/8)';
  const [address = '', prefixText, ...rest] = entry.split('/');
  const family = /^[0-9a-fA-F:.]+$/.test(address) ? isIP(address) : 0;
  if (family !== 4 && family !== 6) return `«${entry}» no es una dirección IP: ${shape}`;
  if (rest.length > 0 || (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText))) {
    return `«${entry}» no es una red válida: escribe la red con su prefijo (10.0.0.0/8)`;
  }
  const prefix = prefixText === undefined ? MAX_PREFIX[family] : Number(prefixText);
  if (prefix > MAX_PREFIX[family]) {
    return `«${entry}» no es una red válida: el prefijo de IPv${family} llega a /${MAX_PREFIX[family]}`;
  }
  const tooWide = 'too-wide';
  if (prefix < MIN_PREFIX[family]) return tooWide;
  if (family === 6) {
    const range = new BlockList();
    range.addSubnet(address, prefix, 'ipv6');
    // A range that holds the whole IPv4-mapped block trusts every IPv4 client.
    if (prefix <= 96 && range.check('::ffff:0:0', 'ipv6')) return tooWide;
    if (prefix > 96 && ipv4Mapped.check(address, 'ipv6') && prefix - 96 < MIN_PREFIX[4]) {
      return tooWide;
    }
  }
  return undefined;
}
