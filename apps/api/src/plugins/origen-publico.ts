import type { FastifyRequest } from 'fastify';
import type { TrustedProxies } from '../lib/trusted-proxies';

/**
 * One origin for the browser (issue 24). The session lives in the origin's localStorage and
 * cookies: a shopper who opened `127.0.0.1` while PUBLIC_URL (where the payment's return and
 * every link the server builds go) says `localhost` would come back signed out. So a page of
 * the web app asked for on another host is sent, with its path and query, to PUBLIC_URL's.
 *
 * The target is always PUBLIC_URL's origin, whatever the request said: never an open redirect.
 * Only the host (name and port) is compared, not the scheme: behind a TLS proxy the app sees
 * http, and comparing it would send the browser round in a loop. In production the host the
 * app sees is the browser's only behind a trusted proxy (TRUST_PROXY, whose X-Forwarded-Host
 * counts); without one it may be the proxy's name for the app, so production leaves it alone.
 */
export function createRedireccionAlOrigenPublico(options: {
  publicUrl: string;
  production: boolean;
  trustProxy: TrustedProxies;
}): (request: FastifyRequest) => string | undefined {
  const publica = urlOrUndefined(options.publicUrl);
  if (!publica || (options.production && options.trustProxy === false)) return () => undefined;
  return (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    // A browser opening a page; fetches and tools that ask for something else are left alone.
    if (!request.headers.accept?.includes('text/html')) return undefined;
    // socket.io answers before the router on a real server; never send its polling anywhere.
    if (/^\/socket\.io(\/|\?|$)/.test(request.url)) return undefined;
    if (hostDe(request.host, publica.protocol) === publica.host) return undefined;
    const pedida = new URL(request.url, 'http://ruta.invalid');
    const destino = new URL(publica.origin);
    destino.pathname = pedida.pathname;
    destino.search = pedida.search;
    return destino.href;
  };
}

function urlOrUndefined(value: string): URL | undefined {
  try {
    return value ? new URL(value) : undefined;
  } catch {
    return undefined;
  }
}

/** The host as a URL of `protocol` writes it (lower case, default port dropped); '' if none. */
function hostDe(host: string | undefined, protocol: string): string {
  if (!host || /[\s/\\?#@]/.test(host)) return '';
  return urlOrUndefined(`${protocol}//${host}`)?.host ?? '';
}
