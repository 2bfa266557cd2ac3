import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A small load balancer on loopback for tests of several nodes, doing what the reference
 * deployment's Caddy does (deploy/Caddyfile): requests round robin over the nodes whose
 * readiness answers 200, checked every `checkIntervalMs`; a node that refuses the connection
 * is skipped for the next (any method: nothing reached it); websocket upgrades are passed
 * through; X-Forwarded-For/-Proto/-Host are set, so nodes run with TRUST_PROXY=1; uploads can
 * be served from the bucket (`uploads`).
 * No stickiness: socket.io clients behind it must use the websocket transport.
 */
export interface LoopbackBalancer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Requests and upgrades each node was sent, by its origin. */
  sent: Map<string, number>;
  /** Answers once every node's readiness was checked again (after a drain started, say). */
  checked(): Promise<void>;
  close(): Promise<void>;
}

export interface LoopbackBalancerOptions {
  /** The nodes' origins, `http://127.0.0.1:<port>`. */
  upstreams: string[];
  readyPath?: string;
  checkIntervalMs?: number;
  /**
   * Where GET and HEAD of `/uploads/*` go instead of a node, as deploy/Caddyfile sends them to
   * the bucket: the bucket's public URL (`http://127.0.0.1:<port>/<bucket>`).
   */
  uploads?: string;
}

/** Errors of a connection that was never made: nothing reached the node, any method is retried. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH']);

export async function startLoopbackBalancer({
  upstreams,
  readyPath = '/api/health/ready',
  checkIntervalMs = 200,
  uploads,
}: LoopbackBalancerOptions): Promise<LoopbackBalancer> {
  // A connection per request: a refused one then surely never reached the node (a pooled
  // keep-alive socket could fail after sending, and the request must not run twice).
  const agent = false;
  /** Upgraded connections, which the HTTP server no longer closes by itself. */
  const tunnels = new Set<Socket>();
  const ready = new Map(upstreams.map((upstream) => [upstream, false]));
  const sent = new Map(upstreams.map((upstream) => [upstream, 0]));
  let next = 0;

  const check = (upstream: string) =>
    new Promise<void>((resolve) => {
      const request = http.get(`${upstream}${readyPath}`, { agent, timeout: 1000 }, (res) => {
        ready.set(upstream, res.statusCode === 200);
        res.resume();
        resolve();
      });
      request.on('timeout', () => request.destroy());
      request.on('error', () => {
        ready.set(upstream, false);
        resolve();
      });
    });
  const checkAll = () => Promise.all(upstreams.map(check)).then(() => undefined);
  let round = checkAll();
  const timer = setInterval(() => {
    round = checkAll();
  }, checkIntervalMs);

  /** The ready nodes, round robin from the next one's turn. */
  const candidates = () => {
    const ordered = upstreams.map((_, i) => upstreams[(next + i) % upstreams.length] as string);
    next = (next + 1) % upstreams.length;
    return ordered.filter((upstream) => ready.get(upstream));
  };

  const forwardedHeaders = (req: http.IncomingMessage) => {
    const client = req.socket.remoteAddress ?? '';
    const before = req.headers['x-forwarded-for'];
    return {
      ...req.headers,
      'x-forwarded-for': before ? `${before}, ${client}` : client,
      'x-forwarded-proto': 'http',
      'x-forwarded-host': req.headers.host ?? '',
    };
  };

  /** An uploaded file, from the bucket (no credentials of the visitor go there). */
  const fromBucket = (req: http.IncomingMessage, res: http.ServerResponse, bucket: string) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const { authorization: _, cookie: __, host: ___, ...headers } = req.headers;
    const proxied = http.request(
      `${bucket}${(req.url ?? '').slice('/uploads'.length)}`,
      { method: req.method, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    proxied.on('error', () => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'content-type': 'text/plain' }).end('el bucket no respondió');
    });
    proxied.end();
  };

  const server = http.createServer((req, res) => {
    if (uploads && req.url?.startsWith('/uploads/')) {
      fromBucket(req, res, uploads);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (left: string[]) => {
        const upstream = left[0];
        if (!upstream) {
          res.writeHead(503, { 'content-type': 'text/plain' }).end('ningún nodo listo');
          return;
        }
        sent.set(upstream, (sent.get(upstream) ?? 0) + 1);
        const proxied = http.request(
          `${upstream}${req.url ?? '/'}`,
          { method: req.method, headers: forwardedHeaders(req), agent },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
            answer.pipe(res);
          },
        );
        proxied.on('error', (error: NodeJS.ErrnoException) => {
          if (res.headersSent) return res.destroy();
          if (NOT_CONNECTED.has(error.code ?? '')) {
            ready.set(upstream, false);
            return attempt(left.slice(1));
          }
          res.writeHead(502, { 'content-type': 'text/plain' }).end('el nodo no respondió');
        });
        proxied.end(body);
      };
      attempt(candidates());
    });
  });

  server.on('upgrade', (req: http.IncomingMessage, client: Socket, head: Buffer) => {
    const upstream = candidates()[0];
    if (!upstream) return client.end('HTTP/1.1 503 Service Unavailable\r\n\r\n');
    sent.set(upstream, (sent.get(upstream) ?? 0) + 1);
    const proxied = http.request(`${upstream}${req.url ?? '/'}`, {
      method: req.method,
      headers: forwardedHeaders(req),
      agent,
    });
    proxied.on('upgrade', (answer, socket, answerHead) => {
      const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
      }
      client.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (answerHead.length > 0) client.write(answerHead);
      if (head.length > 0) socket.write(head);
      tunnels.add(client).add(socket);
      socket.pipe(client).pipe(socket);
      socket.on('error', () => client.destroy());
      client.on('error', () => socket.destroy());
      socket.on('close', () => {
        tunnels.delete(socket);
        client.destroy();
      });
      client.on('close', () => {
        tunnels.delete(client);
        socket.destroy();
      });
    });
    proxied.on('response', (answer) => {
      client.end(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\n\r\n`);
      answer.resume();
    });
    proxied.on('error', () => client.destroy());
    proxied.end();
  });

  await round;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    checked: async () => {
      // A round that started before this call may have read a stale answer: wait for a new one.
      await round;
      await checkAll();
    },
    close: async () => {
      clearInterval(timer);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      for (const socket of tunnels) socket.destroy();
      await closed;
    },
  };
}
