import type { FastifyRequest } from 'fastify';

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

const isLoopback = (address: string | undefined) =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\./.test(address));

/**
 * A request from this machine itself: the socket's own peer address (never request.ip, which
 * X-Forwarded-For can set when TRUST_PROXY is on), and no forwarding headers, since a reverse
 * proxy on the same host would make every visitor look like loopback.
 */
export const esClienteLocal = (request: FastifyRequest) =>
  isLoopback(request.socket.remoteAddress) &&
  FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
