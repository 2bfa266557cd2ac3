import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import type { Lifecycle } from '../lib/lifecycle';
import { createTrustedProxy } from '../realtime/client-address';

type TimeoutSettings = Pick<
  Config,
  'CONNECTION_TIMEOUT_MS' | 'REQUEST_TIMEOUT_MS' | 'HEADERS_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS'
>;

/**
 * Fastify's timeouts and Node's HTTP server's: a connection silent for CONNECTION_TIMEOUT_MS
 * closes; a request whose headers (HEADERS_TIMEOUT_MS) or whole body (REQUEST_TIMEOUT_MS) have
 * not arrived is answered 408 with the error body (clientErrorHandler) and its socket closes; an
 * idle keep-alive connection closes after KEEP_ALIVE_TIMEOUT_MS. Node checks the request and
 * header deadlines every `connectionsCheckingInterval` (30 s by default, which would let a slow
 * client stay up to twice as long): here a quarter of the shortest deadline, at most 1 s.
 */
export function serverTimeouts(config: TimeoutSettings): Pick<
  FastifyServerOptions,
  'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'
> & {
  http: ServerOptions;
} {
  const shortest = Math.min(config.REQUEST_TIMEOUT_MS, config.HEADERS_TIMEOUT_MS);
  return {
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(shortest / 4))),
    },
  };
}

/**
 * At most `max` open connections per remote address: the one past it is closed as soon as it is
 * accepted, before a byte is read. Connections from a trusted proxy (TRUST_PROXY) are not
 * counted: every client behind it shares its address, and at this point no header says who
 * they are (the proxy is where to cap them). With a hop count every peer is a proxy, so the cap
 * is off. Answers how many connections each address holds (tests and metrics).
 */
export function capConnectionsPerAddress(
  server: Server,
  { max, trustProxy }: { max: number; trustProxy: Config['TRUST_PROXY'] },
): { openConnections: () => number; refused: () => number } {
  const isProxy = createTrustedProxy(trustProxy);
  const open = new Map<string, number>();
  let total = 0;
  let refused = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || isProxy(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= max) {
      refused += 1;
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    total += 1;
    socket.once('close', () => {
      total -= 1;
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return { openConnections: () => total, refused: () => refused };
}

/**
 * A client refused with 429 more than `threshold` times within `windowMs` gets `Connection:
 * close` on every further 429, so a flood cannot keep reusing its keep-alive connections: each
 * new one costs it a handshake and counts against MAX_CONNECTIONS_PER_IP. Counted per
 * `request.ip` (the proxy-resolved address), in this process.
 */
export function closeConnectionsOfRefusedClients(
  app: FastifyInstance,
  { threshold, windowMs }: { threshold: number; windowMs: number },
): void {
  const refusals = new Map<string, { count: number; since: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [ip, entry] of refusals) if (now - entry.since >= windowMs) refusals.delete(ip);
  }, windowMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 429) return payload;
    const now = Date.now();
    let entry = refusals.get(request.ip);
    if (!entry || now - entry.since >= windowMs) {
      entry = { count: 0, since: now };
      refusals.set(request.ip, entry);
    }
    entry.count += 1;
    if (entry.count > threshold) reply.header('connection', 'close');
    return payload;
  });
}

/**
 * While the process drains, every answer carries `Connection: close`: a client's next request
 * opens a new connection, which the load balancer (already told by readiness) sends to another
 * node, instead of reusing this one until the server closes it under a request.
 */
export function closeConnectionsWhileDraining(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    return payload;
  });
}
